// Slowest cities over the last day, with error ratios
['sample-http-logs']
| where _time > ago(1d) and method in ("GET", "POST")
| extend is_error = toint(status) >= 500
| summarize requests = count(),
            errors = countif(is_error),
            p95 = percentile(req_duration_ms, 95)
    by ['geo.city'], bin(_time, 1h)
| extend error_ratio = round(100.0 * errors / requests, 2)
| where error_ratio > 1.5 or p95 > 250
| order by p95 desc nulls last
| take 20

['sample-http-logs']
| where uri !startswith "/health" and ['geo.country'] !in~ ("france", "germany")
| where content_type has_any ("json", "xml") and user_agent matches regex @"(?i)bot|crawl"
| project-away ['geo.city'], id
| project-rename duration = req_duration_ms
| top 5 by duration
