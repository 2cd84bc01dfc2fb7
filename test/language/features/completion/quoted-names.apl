// Right after `[` at a query's start: dataset names, inserting the quotes and the closing bracket.
// includes: sample-http-logs, otel-demo-traces
// item: sample-http-logs {"insertText": "'sample-http-logs']", "replaces": ""}
[¦

// The editor closed the bracket already: only the quotes are inserted.
// item: sample-http-logs {"insertText": "'sample-http-logs'", "replaces": ""}
[¦]

// Inside `['` the typed part is replaced, and the missing quote and bracket are added.
// item: sample-http-logs {"insertText": "sample-http-logs']", "replaces": "sam"}
['sam¦

// A closed string inside a closed bracket: the text between the quotes and the closing quote are rewritten once.
// item: sample-http-logs {"insertText": "sample-http-logs'", "replaces": "sam'"}
['sam¦']

// Double quotes stay double quotes.
// item: otel-demo-traces {"insertText": "otel-demo-traces\"]", "replaces": "ot"}
["ot¦

// Inside an operator the bracket quotes a column name, not a dataset.
// includes: geo.city, geo.country, status
// excludes: sample-http-logs
// item: geo.city {"kind": "column", "insertText": "geo.city']", "replaces": "geo."}
['sample-http-logs']
| project ['geo.¦

// item: geo.country {"insertText": "geo.country'", "replaces": "'"}
['sample-http-logs']
| where ['¦'] == 'DE'

// A join's subquery starts with a dataset.
// includes: otel-demo-traces
// excludes: status
['sample-http-logs']
| join (['ot¦

// A second subscript reads a map's key, which no schema lists.
// empty
['otel-demo-traces']
| extend protocol = ['attributes.custom']['http¦']
