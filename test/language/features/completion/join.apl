// After join: its kind option, the datasets for a bare right side.
// includes: kind=, otel-demo-traces
// excludes: status, on
['sample-http-logs']
| join ¦

// The kinds a join takes.
// includes: inner, innerunique, leftouter
// excludes: status
['sample-http-logs']
| join kind=¦

// The kinds a lookup takes.
// includes: leftouter, inner
// excludes: innerunique
['sample-http-logs']
| lookup kind=¦

// After the kind: the right side.
// includes: otel-demo-traces
// excludes: kind=, on
['sample-http-logs']
| join kind=inner ¦

// Inside the right side's parentheses: datasets, then the operators that may start a table.
// includes: otel-demo-traces, weblogs, union, datatable
// before: weblogs, union
// excludes: status
['sample-http-logs']
| join kind=inner (¦

// After the right side: `on`.
// first: on
// count: 1
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) ¦

// first: on
['sample-http-logs']
| lookup weblogs ¦

// After `on`: columns of both sides, $left and $right.
// includes: $left, $right, status, trace_id, _time
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) on ¦

// $left. and $right. offer that side's columns.
// includes: status, method
// excludes: trace_id
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) on $left.¦

// includes: trace_id, span_id
// excludes: status
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) on $left.id == $right.¦

// includes: host, bytes
['sample-http-logs']
| lookup kind=leftouter weblogs on $right.¦

// Names that need quoting are offered too, inserted quoted after the side: `$left.['geo.city']`.
// item: geo.city {"kind": "column", "insertText": "['geo.city']", "replaces": ""}
// item: client ip {"insertText": "['client ip']"}
// item: status {"insertText": null}
['sample-http-logs']
| extend ['client ip'] = '10.0.0.1'
| join kind=inner (['otel-demo-traces']) on $left.¦

// item: service.name {"insertText": "['service.name']", "replaces": "se"}
// excludes: geo.city
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) on $left.id == $right.se¦

// After `$left.[`: only that side's columns, quoted.
// item: geo.city {"insertText": "'geo.city']"}
// excludes: trace_id, service.name
['sample-http-logs']
| join kind=inner (['otel-demo-traces']) on $left.[¦
