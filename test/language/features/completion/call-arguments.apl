// A call whose signatures take no argument: nothing to offer inside its parentheses.
// empty
['sample-http-logs']
| summarize count(¦

// empty
['sample-http-logs']
| summarize count(¦) by status

// Past a function's last parameter: nothing either.
// empty
['sample-http-logs']
| extend n = strlen(uri, ¦

// A bool parameter: bool columns and functions that return bool come first, then the rest.
// first: is_tls
// before: isnotempty, status
// before: true, status
// includes: status, strlen
['sample-http-logs']
| summarize countif(¦

// A timespan parameter: timespan functions and the timespan literal lead.
// before: totimespan, _time
// before: timespan, _time
// before: timespan, datetime
['sample-http-logs']
| where _time > ago(¦

// A numeric parameter: numeric columns before the others, whatever their width.
// first: req_duration_ms, resp_body_size_bytes
// before: strlen, tostring
['sample-http-logs']
| extend r = round(¦

// The second parameter has its own type: percentile's rank is a real.
// first: req_duration_ms, resp_body_size_bytes
['sample-http-logs']
| summarize percentile(req_duration_ms, ¦

