// An empty document: datasets and what may begin a statement.
// includes: sample-http-logs, otel-demo-traces, weblogs, let, set, union, search, print, datatable, externaldata
// excludes: where, summarize, avg, status
¦

// Dataset names that are not bare identifiers are inserted quoted; bare ones as they are.
// item: sample-http-logs {"kind": "dataset", "insertText": "['sample-http-logs']", "detail": "dataset, 14 fields"}
// item: weblogs {"kind": "dataset", "insertText": null}
¦

// A partly typed dataset name.
// item: weblogs {"replaces": "web"}
web¦

// After a let statement, the next statement starts; the tabular let is offered too.
// includes: sample-http-logs, let, set, union, errors
let errors = ['sample-http-logs'] | where status == '500';
¦

// A blank line starts a new query: no operator of the query above applies.
// includes: sample-http-logs, let
// excludes: status, avg
['sample-http-logs']
| summarize count() by status

¦

// Without a schema there is no dataset to offer, but the statement keywords remain.
// schema: none
// includes: let, union, print
// excludes: sample-http-logs
¦

// `set` starts a statement; after it, the options it knows.
// item: set {"kind": "keyword", "detail": "set OptionName [= Value];"}
let threshold = 500;
se¦

// first: stricttypes
// count: 1
set ¦

// After a set statement, the next statement starts.
// includes: set, let, sample-http-logs
set stricttypes;
¦
