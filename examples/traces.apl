// Span latency by service, in 15-minute buckets.
['otel-demo-traces']
| where kind == 'server'
| summarize p50 = percentile(duration, 50), p99 = percentile(duration, 99) by bin(_time, 15m), ['service.name']

// Error spans and their most frequent names.
let failing = ['otel-demo-traces'] | where error == true;
failing
| summarize spans = count() by ['service.name'], name
| top 10 by spans

// HTTP status codes seen by the frontend.
['otel-demo-traces']
| where ['service.name'] == 'frontend'
| extend code = ['attributes.http.status_code']
| summarize count() by code
