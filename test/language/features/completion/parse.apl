// After parse: the expression to parse, and the kind option.
// includes: kind=, uri, strlen
['sample-http-logs']
| parse ¦

// includes: simple, regex, relaxed
['sample-http-logs']
| parse kind=¦

// After the kind: the expression.
// includes: uri
// excludes: with, kind=simple
['sample-http-logs']
| parse kind=regex ¦

// After the expression: `with`.
// first: with
// count: 1
['sample-http-logs']
| parse uri ¦

// In the pattern, after a column name and a colon: the types.
// includes: string, long, int, real, datetime, timespan, bool, dynamic
// excludes: uri
['sample-http-logs']
| parse uri with '/api/' version:¦

// parse-where has no relaxed kind, but a flags option.
// includes: simple, regex
// excludes: relaxed
['sample-http-logs']
| parse-where kind=¦

// includes: kind=, flags=, uri
['sample-http-logs']
| parse-where ¦

// parse-kv: after the expression comes `as`.
// first: as
['sample-http-logs']
| parse-kv uri ¦

// Inside `as (…)`, after a key and a colon: the types.
// includes: string, long
['sample-http-logs']
| parse-kv uri as (user:¦

// After the keys: `with`.
// first: with
['sample-http-logs']
| parse-kv uri as (user:string, id:long) ¦

// The delimiter options.
// includes: pair_delimiter=, kv_delimiter=
['sample-http-logs']
| parse-kv uri as (user:string) with (¦
