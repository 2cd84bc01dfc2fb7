// count and getschema take nothing.
// empty
['sample-http-logs']
| count ¦

// empty
['sample-http-logs']
| getschema ¦

// distinct takes column names.
// includes: status, method
// excludes: strlen, avg
['sample-http-logs']
| distinct ¦

// includes: method
['sample-http-logs']
| distinct status, ¦

// Columns getschema produces.
// includes: ColumnName, ColumnType
// excludes: status
['sample-http-logs']
| getschema
| where ¦
