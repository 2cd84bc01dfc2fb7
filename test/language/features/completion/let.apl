// Scalar lets are visible in expressions after their statement.
// includes: threshold, status
// item: threshold {"kind": "variable", "detail": "long", "documentationIncludes": "let threshold = 500"}
let threshold = 500;
['sample-http-logs']
| where req_duration_ms > ¦

// A let's value: a dataset, a source operator, or a scalar expression.
// includes: sample-http-logs, union, print, strlen, ago, true
// excludes: let, set, where, status
// before: sample-http-logs, union
// before: union, strlen
let recent = ¦

// A let's value that starts a pipeline continues with operators.
// includes: where, summarize
let recent = ['sample-http-logs'] | ¦

// A let is not visible in its own value.
// excludes: own
let own = ['sample-http-logs'] | where ¦

// The let's name is free text.
// empty
let ¦

// After a statement of a function-like let's body: the parameters and the body's lets, functions and datasets.
// includes: x, doubled, strlen, now, sample-http-logs, let
let f = (x: long) { let doubled = x * 2; ¦ };
print f(1)

// At the start of a tabular function's body: the table parameter.
// includes: T, sample-http-logs
let g = (T: (*)) { ¦ };
g(['sample-http-logs'])
