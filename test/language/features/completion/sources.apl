// print: scalar expressions; there is no table, so no columns.
// includes: now, ago, strlen, true
// excludes: status, avg
print ¦

// includes: now
print started = ¦

// datatable's column declarations: types after a colon.
// includes: string, long, datetime
datatable (name:¦

// Nothing to offer for a new column's name.
// empty
datatable (¦

// externaldata: types after a colon, then `with` after the URLs.
// includes: string, real
externaldata (host:¦

// first: with
externaldata (host:string) ["https://example.com/hosts.csv"] ¦

// includes: format=, ignoreFirstRecord=
externaldata (host:string) ["https://example.com/hosts.csv"] with (¦

// Columns a datatable declares, in the next stage.
// includes: name, bytes
datatable (name:string, bytes:long) ['a', 1]
| where ¦
