// Aggregation position of make-series.
// first: arg_max
// includes: avg, count, req_duration_ms
// before: strlen, req_duration_ms
['sample-http-logs']
| make-series ¦

// After an aggregation: default and on.
// first: default, on
['sample-http-logs']
| make-series avg(req_duration_ms) ¦

// includes: true, null
// excludes: req_duration_ms, avg
['sample-http-logs']
| make-series avg(req_duration_ms) default = ¦

// first: on
['sample-http-logs']
| make-series avg(req_duration_ms) default = 0 ¦

// After `on`: the time column.
// includes: _time, _sysTime
// excludes: avg
['sample-http-logs']
| make-series avg(req_duration_ms) on ¦

// After the time column: the range keywords.
// first: from, to, in, step
['sample-http-logs']
| make-series avg(req_duration_ms) on _time ¦

// includes: ago, now, datetime
['sample-http-logs']
| make-series avg(req_duration_ms) on _time from ¦

// first: to, step
['sample-http-logs']
| make-series avg(req_duration_ms) on _time from ago(1d) ¦

// first: step
['sample-http-logs']
| make-series avg(req_duration_ms) on _time from ago(1d) to now() ¦

// first: by
['sample-http-logs']
| make-series avg(req_duration_ms) on _time from ago(1d) to now() step 1h ¦

// After `by`: grouping columns, no aggregations.
// includes: status, method
// excludes: avg
['sample-http-logs']
| make-series avg(req_duration_ms) on _time step 1h by ¦
