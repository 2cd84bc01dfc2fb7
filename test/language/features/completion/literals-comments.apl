// Inside a string literal there is nothing to complete.
// empty
['sample-http-logs']
| where status == 'Fire¦fox'

// empty
['sample-http-logs']
| where user_agent contains "Moz¦

// empty
['sample-http-logs']
| where uri matches regex @'^/api/v¦1'

// Inside a comment neither.
// empty
['sample-http-logs']
// keep only the slow ¦ones
| where req_duration_ms > 100

// empty
['sample-http-logs'] // the end of a comment¦

// Inside a typed literal's parentheses.
// empty
['sample-http-logs']
| where _time > datetime(2024-01-¦01)

// Right after a closed string the cursor is back in code.
// includes: and, or, contains
['sample-http-logs']
| where status == '500' ¦
