// take, limit and sample take a number: no columns.
// excludes: status, strlen
// includes: n
let n = 10;
['sample-http-logs']
| take ¦

// excludes: status
['sample-http-logs']
| limit ¦

// excludes: status, avg
['sample-http-logs']
| sample ¦

// After the number nothing more belongs to the stage.
// empty
['sample-http-logs']
| take 10 ¦
