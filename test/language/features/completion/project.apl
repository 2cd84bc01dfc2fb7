// project: columns and expressions.
// includes: status, uri, strlen
// excludes: avg
['sample-http-logs']
| project status, ¦

// project-away and project-keep take column names only.
// includes: status, uri, geo.city
// excludes: strlen, true, avg
['sample-http-logs']
| project-away ¦

// includes: status, method
// excludes: strlen
['sample-http-logs']
| project-keep status, ¦

// project-reorder offers its orderings after a column.
// includes: asc, desc, granny-asc, granny-desc
// excludes: status
['sample-http-logs']
| project-reorder status ¦

// includes: method, uri
['sample-http-logs']
| project-reorder status asc, ¦

// project-rename: the new name is free text; the old one is a column.
// empty
['sample-http-logs']
| project-rename ¦

// includes: status, uri
// excludes: strlen
['sample-http-logs']
| project-rename code = ¦
