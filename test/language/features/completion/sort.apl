// After sort: `by`.
// first: by
// count: 1
['sample-http-logs']
| sort ¦

// After `by`: the columns to sort on.
// includes: req_duration_ms, status, strlen
// excludes: by, asc
['sample-http-logs']
| sort by ¦

// After a sort key: the directions and null placement.
// first: asc, desc, nulls first, nulls last
['sample-http-logs']
| sort by req_duration_ms ¦

// After a direction: null placement only.
// first: nulls first, nulls last
// count: 2
['sample-http-logs']
| order by req_duration_ms desc ¦

// first: first, last
['sample-http-logs']
| order by req_duration_ms desc nulls ¦

// A second key after a comma.
// includes: status
// excludes: asc
['sample-http-logs']
| order by req_duration_ms desc, ¦
