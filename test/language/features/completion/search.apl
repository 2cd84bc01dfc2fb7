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
