// An aggregation still being typed at the end of the text.
// label: avg(expr: numeric): real
// active: 0
// parameter: expr: numeric
['sample-http-logs']
| summarize avg(¦

// The comma moves to the second parameter.
// label: percentile(expr: numeric, percentile: real): numeric
// active: 1
// parameter: percentile: real
['sample-http-logs']
| summarize percentile(req_duration_ms, ¦

// A call with no parameters.
// label: count(): long
// active: 0
['sample-http-logs']
| summarize count(¦

// A finished call, with the cursor back in its first argument.
// label: round(source: real, precision?: int): real
// parameter: source: real
['sample-http-logs']
| extend r = round(req_d¦uration_ms, 2)

// Commas inside nested calls do not count for the outer one.
// label: iff(predicate: bool, ifTrue: any, ifFalse: any): any
// active: 1
['sample-http-logs']
| extend kind = iff(strcat(method, '-', status) == 'GET-500', ¦

// The innermost call wins.
// label: strlen(source: string): long
['sample-http-logs']
| where strlen(tr¦im(' ', uri)) > 3

// Lists and grouping parentheses inside a call belong to the argument.
// label: iff(predicate: bool, ifTrue: any, ifFalse: any): any
// active: 0
['sample-http-logs']
| extend x = iff(method in ('GET', 'POST', ¦

// Inside a string argument the call is still the one around it.
// label: extract(regex: string, captureGroup: int, text: string): string
// active: 0
['sample-http-logs']
| extend version = extract('/api/(v[0-9]¦', 1, uri)

// Two signatures; the first that fits the argument count is active.
// signatures: 2
// label: rand(): real
rand(¦

// With an argument only the second fits.
// label: rand(range: long): long
// active: 0
print rand(10¦

// Outside any call: nothing.
// none
['sample-http-logs']
| where status == ¦

// Right after the closing parenthesis the call is over.
// none
['sample-http-logs']
| summarize avg(req_duration_ms)¦

// An operator's own parentheses are not a call.
// none
['sample-http-logs']
| join kind=inner (¦

// An unknown function: nothing to show.
// none
print no_such_function(¦

// In a comment: nothing.
// none
print 1
// avg(¦
