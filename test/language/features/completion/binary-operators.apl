// After `*` that multiplies: an operand comes again, not the infix words.
// includes: req_duration_ms, status, strlen, round, true, null, datetime
// excludes: and, contains, avg
['sample-http-logs']
| extend y = req_duration_ms * ¦

// Inside parentheses, after `*`.
// includes: req_duration_ms, strlen, true
// excludes: and, contains
['sample-http-logs']
| where (2 * ¦

// Inside parentheses in extend.
// includes: req_duration_ms, strlen, dynamic
// excludes: and
['sample-http-logs']
| extend y = (2 * ¦

// Inside an aggregation's argument: columns and scalar functions, no aggregation.
// includes: req_duration_ms, toreal
// excludes: and, avg
['sample-http-logs']
| summarize avg(req_duration_ms * ¦

// After the other arithmetic operators too.
// includes: req_duration_ms, strlen, true
// excludes: and
['sample-http-logs']
| extend y = req_duration_ms / 2 + ¦

// A `*` that stands for every column is still an operand.
// includes: and, contains
// excludes: strlen
['sample-http-logs']
| where * ¦

// In a by clause, after `*`, bins come first again.
// includes: bin, req_duration_ms
// excludes: and
['sample-http-logs']
| summarize count() by req_duration_ms * ¦
