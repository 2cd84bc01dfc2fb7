// After a pipe: the tabular operators, but not print and datatable, which only start a query.
// count: 29
// includes: where, summarize, extend, project, take, mv-expand, make-series, project-away, externaldata
// excludes: print, datatable, status, avg
['sample-http-logs']
| ¦

// The operator's doc and syntax travel with the item.
// item: summarize {"kind": "operator", "detail": "summarize [[Name =] Aggregation [, ...]] [by [Name =] Expr [, ...]]", "documentationIncludes": "[APL reference: summarize]"}
['sample-http-logs'] | ¦

// A partly typed operator name is replaced whole.
// item: summarize {"replaces": "sum"}
['sample-http-logs']
| sum¦

// A cursor inside the name replaces all of it.
// item: where {"replaces": "where"}
['sample-http-logs']
| wh¦ere status == '500'

// Hyphenated names are one word even though the lexer splits them.
// item: project-away {"replaces": "project-aw"}
// includes: project-keep, project-rename
['sample-http-logs']
| project-aw¦

// item: mv-expand {"replaces": "mv-"}
['sample-http-logs'] | mv-¦

// A pipe inside a subquery starts a stage of that subquery.
// includes: where, summarize
// excludes: sample-http-logs
['sample-http-logs']
| join kind=inner (['otel-demo-traces'] | ¦) on _time
