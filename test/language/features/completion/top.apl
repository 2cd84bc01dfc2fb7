// top's count: a number, so only lets (no columns).
// includes: limit_n
// excludes: status, by
let limit_n = 10;
['sample-http-logs']
| top ¦

// After the count: `by`.
// first: by
['sample-http-logs']
| top 10 ¦

// includes: req_duration_ms, strlen
['sample-http-logs']
| top 10 by ¦

// first: asc, desc
['sample-http-logs']
| top 10 by req_duration_ms ¦
