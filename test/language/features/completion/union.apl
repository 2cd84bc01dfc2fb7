// After union: datasets, tabular lets and the withsource option.
// includes: weblogs, otel-demo-traces, withsource=, recent
// excludes: status, strlen
let recent = ['sample-http-logs'] | where _time > ago(1h);
['sample-http-logs']
| union ¦

// After a comma: another dataset.
// includes: weblogs
// excludes: withsource=
union ['sample-http-logs'], ¦

// A subquery in parentheses.
// includes: weblogs
union (¦

// withsource names a new column.
// empty
union withsource=¦
