// Columns of the input, and those an earlier definition of the same extend added.
// includes: req_duration_ms, slow, strlen, iff
// excludes: avg, count
['sample-http-logs']
| extend slow = req_duration_ms > 1000, label = ¦

// A definition does not see itself.
// excludes: slow
['sample-http-logs']
| extend slow = ¦

// item: duration_s {"kind": "column", "detail": "real"}
['sample-http-logs']
| extend-valid duration_s = req_duration_ms / 1000, doubled = duration_s * 2, x = ¦

// Columns an earlier extend stage added.
// includes: duration_s, status
['sample-http-logs']
| extend duration_s = req_duration_ms / 1000
| extend y = ¦

// After an operand inside a call's arguments: operators, nothing else.
// includes: and, contains
// excludes: status
['sample-http-logs']
| extend short = iff(strlen(uri) ¦
