// Benchmark workload: queries over the playground datasets, separated by blank lines.
['sample-http-logs'] | where status == "500" | summarize count() by bin(_time, 5m)

['sample-http-logs'] | where method == "GET" and uri startswith "/api" | project _time, uri, status, req_duration_ms | take 100

['sample-http-logs']
| summarize avg(req_duration_ms), percentile(req_duration_ms, 95) by ['geo.country']
| sort by avg_req_duration_ms desc
| take 10

['sample-http-logs']
| extend is_error = toint(status) >= 400
| summarize errors = countif(is_error), total = count() by bin(_time, 1h)
| extend error_rate = todouble(errors) / total

['sample-http-logs'] | where user_agent contains "bot" or user_agent has "crawler" | summarize count() by user_agent | top 20 by count_

['sample-http-logs'] | where ['geo.city'] in ("Paris", "London", "Berlin") | summarize dcount(id) by ['geo.city'], bin(_time, 1d)

let slow = 500.0;
['sample-http-logs']
| where req_duration_ms > slow
| project _time, uri, req_duration_ms, server_datacenter

// Bytes served per datacenter and method over the last day
['sample-http-logs']
| where _time > ago(1d)
| where content_type =~ "application/json"
| extend size = resp_body_size_bytes + resp_header_size_bytes
| summarize total_bytes = sum(size), requests = count(), p99 = percentile(req_duration_ms, 99) by server_datacenter, method
| extend bytes_per_request = total_bytes / requests
| where requests > 100
| order by bytes_per_request desc
| project server_datacenter, method, requests, bytes_per_request, p99
| take 25

['sample-http-logs']
| parse uri with "/api/v" version:int "/" resource "/" *
| where isnotempty(resource)
| summarize count() by version, resource

['sample-http-logs']
| make-series avg(req_duration_ms) default = 0 on _time from ago(7d) to now() step 1h by server_datacenter

['sample-http-logs'] | where status !in ("200", "201", "204") | summarize count() by status | sort by count_ desc

['sample-http-logs'] | extend hour = datetime_part("hour", _time) | summarize avg(req_duration_ms) by hour | order by hour asc

['sample-http-logs'] | where is_tls == false and method in ("POST", "PUT") | project _time, id, uri, method

['sample-http-logs'] | summarize arg_max(req_duration_ms, uri, status) by server_datacenter

['sample-http-logs'] | where message matches regex "timeout|refused" | summarize count() by bin(_time, 15m), server_datacenter

['sample-http-logs']
| extend segments = split(uri, "/")
| extend first_segment = tostring(segments[1])
| summarize count() by first_segment
| top 10 by count_

['sample-http-logs'] | project-away _sysTime, id | take 20

['sample-http-logs'] | summarize requests = count(), bytes = sum(resp_body_size_bytes) by bin_auto(_time)

['sample-http-logs']
| where uri has_any ("login", "logout", "signup")
| extend action = case(uri has "login", "login", uri has "logout", "logout", "signup")
| summarize count() by action, bin(_time, 1h)

['sample-http-logs'] | extend speed = iff(req_duration_ms > 1000, "slow", "fast") | summarize count() by speed, ['geo.country']

['sample-http-logs'] | where _time between (ago(2h) .. now()) | summarize count() by status

['sample-http-logs']
| parse user_agent with browser "/" browser_version " " *
| summarize count() by browser
| take 10

['sample-http-logs'] | distinct method, status

['sample-http-logs']
| where isnotnull(req_duration_ms)
| summarize stdev(req_duration_ms), variance(req_duration_ms), min(req_duration_ms), max(req_duration_ms) by method

['sample-http-logs'] | extend day = startofday(_time), weekday = dayofweek(_time) | summarize count() by day, weekday

['sample-http-logs'] | where tolower(method) == "delete" | project _time, uri, status, ['geo.city'] | limit 50

['sample-http-logs'] | where uri endswith ".png" or uri endswith ".jpg" | summarize sum(resp_body_size_bytes) by bin(_time, 1h)

['otel-demo-traces'] | where ['service.name'] == "frontend" | summarize percentile(duration, 95), avg(duration) by name

['otel-demo-traces'] | where _time > ago(6h) and kind == "server" | summarize count() by ['service.name'], bin(_time, 10m)

['otel-demo-traces']
| where duration > 500ms
| project trace_id, span_id, ['service.name'], name, duration
| order by duration desc
| take 50

['otel-demo-traces'] | mv-expand events | extend event_name = tostring(events.name) | summarize count() by event_name

['otel-demo-traces']
| where ['service.name'] == "checkout"
| join kind=inner (
    ['otel-demo-traces']
    | where ['service.name'] == "payment"
    | project trace_id, payment_duration = duration
  ) on trace_id
| project trace_id, duration, payment_duration

['otel-demo-traces']
| extend http_method = ['attributes.http.method'], code = ['attributes.http.status_code']
| where code >= 500
| summarize errors = count() by http_method, ['service.name']

['otel-demo-traces'] | where isnotempty(parent_span_id) | summarize spans = count(), avg_duration = avg(duration) by ['service.name'] | where spans > 10

['otel-demo-traces'] | summarize make_set(name) by ['service.name']

['otel-demo-traces']
| extend protocol = tostring(['attributes.custom']['http.protocol'])
| where isnotempty(protocol)
| summarize count() by protocol

let frontend = ['otel-demo-traces'] | where ['service.name'] == "frontend";
frontend
| summarize max(duration) by name

let threshold = 2s;
let services = dynamic(["cart", "checkout"]);
['otel-demo-traces']
| where ['service.name'] in (services) and duration > threshold
| summarize count() by ['service.name']

['otel-demo-traces'] | where name startswith "oteldemo." | extend operation = substring(name, 9) | summarize avg(duration), max(duration) by operation

['otel-demo-traces'] | make-series spans = count() default = 0 on _time from ago(1d) to now() step 30m by ['service.name']

['otel-demo-traces'] | where ['status.code'] == "ERROR" | project _time, trace_id, ['service.name'], ['status.message'] | take 100

['otel-demo-traces']
| summarize first_seen = min(_time), last_seen = max(_time), spans = count() by trace_id
| extend trace_length = last_seen - first_seen
| top 20 by trace_length

['otel-demo-traces'] | where ['resource.k8s.node.name'] != "" | summarize dcount(['service.name']) by ['resource.k8s.node.name']

['otel-demo-traces']
| extend db = ['attributes.db.system.name']
| where isnotempty(db)
| summarize count(), avg(duration) by db, ['service.name']
| order by count_ desc

// Slowest frontend routes over the last day
['otel-demo-traces']
| where _time > ago(1d)
| where ['service.name'] == "frontend" and kind == "server"
| extend route = tostring(['attributes.custom']['http.route'])
| summarize calls = count(), p50 = percentile(duration, 50), p95 = percentile(duration, 95) by route
| where calls >= 10
| extend spread = p95 - p50
| sort by spread desc
| take 15

['otel-demo-traces'] | where ['attributes.http.response.status_code'] between (400 .. 499) | summarize count() by ['service.namespace'], name

['otel-demo-traces'] | extend ms = duration / 1ms | summarize avg(ms) by bin(_time, 5m), kind

['otel-demo-traces'] | count
