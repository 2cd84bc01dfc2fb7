// A type name in typeof().
// range: string
// contains: Type `string`
['weblogs'] | mv-expand tags to typeof(str¦ing)

// A type alias in a declaration.
// contains: Type `datetime` (also `date`)
datatable (when:da¦te) [datetime(2024-01-01)]

// A typed literal.
// contains: Type `datetime`
['weblogs'] | where _time > datet¦ime(2024-01-01)

// Nothing in a comment or a plain string.
// none
['weblogs'] // a co¦mment

// none
['weblogs'] | where host == 'exa¦mple'
