// Aggregation position: aggregation functions first, then scalar functions (which may wrap an
// aggregation), and columns last: a bare column is an error there.
// includes: count, avg, dcount, percentile, make_set, status, req_duration_ms, strlen, round
// first: arg_max, arg_min, avg
// before: varianceif, _sysTime
// before: round, req_duration_ms
['sample-http-logs']
| summarize ¦

// After a named aggregate's `=`.
// includes: avg, count, status
// first: arg_max
// before: true, status
['sample-http-logs']
| summarize slow = ¦

// After an aggregate: `by` first.
// first: by
// includes: and, or
// excludes: avg, status
['sample-http-logs']
| summarize count() ¦

// After `by`: bin and bin_auto, columns and scalar functions, no aggregations.
// first: bin, bin_auto
// includes: status, method, _time, strlen, tostring
// excludes: avg, count, dcount, by
// before: bin_auto, _sysTime
['sample-http-logs']
| summarize count() by ¦

// A second grouping key.
// includes: method, bin
// excludes: avg
['sample-http-logs']
| summarize avg(req_duration_ms) by status, ¦

// Inside an aggregation's parentheses: columns and scalar functions, no nested aggregation.
// includes: req_duration_ms, status, toint
// excludes: avg, count, by
['sample-http-logs']
| summarize avg(¦

// Inside a scalar call around an aggregation, aggregations are still allowed, and columns still come last.
// includes: avg, req_duration_ms
// before: floor, req_duration_ms
['sample-http-logs']
| summarize round(¦

// Inside bin() of the by clause: no aggregations.
// includes: _time
// excludes: avg
['sample-http-logs']
| summarize count() by bin(¦

// Columns a summarize produced, in the next stage.
// includes: count_, status
// excludes: method, uri
['sample-http-logs']
| summarize count() by status
| where ¦
