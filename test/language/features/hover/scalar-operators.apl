// String operators, with their case sensitivity.
// range: contains
// contains: True when the right string appears anywhere inside the left one
// contains: Ignores case.
['sample-http-logs'] | where uri cont¦ains 'api'

// range: contains_cs
// contains: Case-sensitive.
['sample-http-logs'] | where uri contains_¦cs 'api'

// A negation says it is one, and how it treats case.
// range: !contains
// contains: `!contains`: the negation of `contains`. Ignores case.
['sample-http-logs'] | where uri !cont¦ains 'api'

// range: has
// contains: whole term
['sample-http-logs'] | where uri h¦as 'api'

// range: !has_cs
// contains: the negation of `has_cs`. Case-sensitive.
['sample-http-logs'] | where uri !has¦_cs 'api'

// range: !in~
// contains: equals none of the elements of the set, comparing strings without regard to
// contains: Ignores case.
['sample-http-logs'] | where method !i¦n~ ('get', 'post')

// range: in
// contains: equals one of the elements of the set
['sample-http-logs'] | where method i¦n ('GET', 'POST')

// range: has_any
// contains: at least one of the terms in the parenthesised list
['sample-http-logs'] | where uri has_an¦y ('api', 'v1')

// range: matches regex
// contains: regular expression
['sample-http-logs'] | where uri matches re¦gex '^/api'

// range: =~
// contains: ignoring case
['sample-http-logs'] | where method =¦~ 'get'

// range: and
// contains: both
['sample-http-logs'] | where status == '500' an¦d method == 'GET'
