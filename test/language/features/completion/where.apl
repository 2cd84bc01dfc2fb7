// In a predicate: columns first, then lets, functions and constants.
// includes: status, req_duration_ms, geo.city, strlen, ago, now, true, false, null, dynamic, datetime
// excludes: avg, count, where, sample-http-logs
// before: status, strlen
// before: strlen, true
// item: geo.city {"insertText": "['geo.city']", "kind": "column", "detail": "string"}
// item: req_duration_ms {"detail": "real", "documentationIncludes": "in milliseconds"}
['sample-http-logs']
| where ¦

// A partly typed column.
// item: status {"replaces": "sta"}
['sample-http-logs']
| where sta¦

// After an operand: logical and string operators, the positive form before its negation.
// includes: and, or, contains, !contains, has, has_cs, startswith, in, !in, in~, between, matches regex
// excludes: status, strlen
// first: and, or
// before: contains, !contains
// item: contains {"detail": "case-insensitive"}
// item: contains_cs {"detail": "case-sensitive"}
['sample-http-logs']
| where status ¦

// After a binary operator an operand comes again.
// includes: status, strlen
// excludes: and
['sample-http-logs']
| where status == '500' and ¦

// Columns dropped by an earlier project are out of scope.
// includes: status, method
// excludes: uri, geo.city
['sample-http-logs']
| project status, method
| where ¦

// Inside a list of `in`: values, not operators.
// includes: status, strlen
// excludes: and, avg
['sample-http-logs']
| where method in (¦
