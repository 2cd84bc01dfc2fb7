// After redact: its options.
// includes: replaceToken=, replaceHash=, redactGroups=
// excludes: status
['sample-http-logs']
| redact ¦

// After a pattern: `on`.
// first: on
['sample-http-logs']
| redact replaceToken="#" @'\d+' ¦

// After `on`: the columns to redact.
// includes: uri, user_agent
// excludes: strlen
['sample-http-logs']
| redact @'\d+' on ¦
