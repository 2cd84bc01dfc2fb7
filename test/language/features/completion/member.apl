// After `geo.`, the rest of the flattened names that share the prefix.
// first: city, country
// count: 2
['sample-http-logs']
| where geo.¦

// The typed segment is all the item replaces, not the whole dotted word.
// item: city {"replaces": "ci", "kind": "column", "detail": "string"}
['sample-http-logs']
| where geo.ci¦

// Deeper prefixes offer their next segment once.
// includes: method, status_code
// count: 2
['otel-demo-traces']
| summarize count() by attributes.http.¦

// item: http {"detail": "dynamic"}
// item: custom {"detail": "dynamic"}
['otel-demo-traces']
| extend a = attributes.¦

// No column starts with the prefix: nothing, and certainly not the whole catalog.
// empty
['sample-http-logs']
| where method.¦
