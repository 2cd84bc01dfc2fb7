// One call of every function category.
// label: array_length(array: dynamic): long
['weblogs'] | extend n = array_length(¦

// label: iff(predicate: bool, ifTrue: any, ifFalse: any): any
['weblogs'] | extend big = iff(bytes > 1000, ¦

// label: tostring(value: any): string
['weblogs'] | extend b = tostring(¦

// label: datetime_add(part: string, value: long, datetime: datetime): datetime
// active: 2
// parameter: datetime: datetime
['weblogs'] | extend later = datetime_add('hour', 1, ¦

// label: genai_estimate_tokens(text: string): long
print genai_estimate_tokens(¦

// label: hash(source: any, salt?: long): long
// active: 1
['weblogs'] | extend h = hash(host, ¦

// label: ipv4_is_private(ip: string): bool
['weblogs'] | where ipv4_is_private(¦

// label: pow(base: real, exponent: real): real
// active: 1
print pow(2, ¦

// label: column_ifexists(field_name: string, default_value: any): any
['weblogs'] | extend h = column_ifexists('host', ¦

// label: find_pair(array: dynamic, key_pattern: string, value_pattern: string, separator?: string): dynamic
// active: 3
// parameter: separator?: string
['weblogs'] | extend p = find_pair(tags, 'env*', '*', ¦

// label: bin(value: real|long|datetime|timespan, bin_size: real|long|timespan): real|long|datetime|timespan
// active: 1
['weblogs'] | summarize count() by bin(_time, ¦

// label: parse_sql(sql_statement: string): dynamic
print parse_sql(¦

// label: series_add(series1: dynamic, series2: dynamic): dynamic
// active: 1
['weblogs'] | make-series s = avg(bytes) on _time step 1h | extend t = series_add(s, ¦

// label: isstring(value: any): bool
['weblogs'] | where isstring(¦

// label: strcat(arg1: any, args: any...): string
['weblogs'] | extend s = strcat(¦

// label: dcount(expr: any): long
['weblogs'] | summarize dcount(¦
