// Server errors per hour over the playground's HTTP logs.
['sample-http-logs']
| where toint(status) >= 500
| summarize errors = count() by bin(_time, 1h)

// The slowest endpoints, with their error share.
['sample-http-logs']
| summarize requests = count(), errors = countif(toint(status) >= 500), p95 = percentile(req_duration_ms, 95) by uri
| extend error_rate = round(100.0 * errors / requests, 2)
| top 10 by p95 desc

// Requests by country and city.
['sample-http-logs']
| where isnotempty(['geo.country'])
| summarize count() by ['geo.country'], ['geo.city']
| order by count_ desc
| take 20
