// After search: its options and the columns of every dataset.
// includes: kind=, in, status
// before: kind=, status
['sample-http-logs']
| search ¦

// includes: case_sensitive, case_insensitive, default
search kind=¦

// After `in (`: datasets.
// includes: sample-http-logs, weblogs
// excludes: status
search in (¦

// After the kind: `in` still fits, and the predicate.
// includes: in
// excludes: kind=
['sample-http-logs']
| search kind=case_sensitive ¦

// A search over named datasets sees their columns.
// includes: host, bytes
search in (weblogs) ¦

// includes: host
search kind=case_sensitive in (weblogs) ¦

// In the predicate, `in (…)` is a list: after it come operators.
// includes: and, or
// excludes: host
search in (weblogs) host in ('a', 'b') ¦
