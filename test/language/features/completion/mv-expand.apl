// After mv-expand: the column to expand, its options.
// includes: tags, kind=, with_itemindex=
['weblogs']
| mv-expand ¦

// includes: bag, array
// count: 2
['weblogs']
| mv-expand kind=¦

// After an option: the column.
// includes: tags
// excludes: kind=
['weblogs']
| mv-expand kind=array ¦

// After the column: `to typeof(` and `limit`.
// first: to typeof(, limit
['weblogs']
| mv-expand tags ¦

// item: typeof( {"kind": "keyword"}
['weblogs']
| mv-expand tags to ¦

// Inside typeof(): the type names.
// includes: string, long, dynamic
// excludes: tags
['weblogs']
| mv-expand tags to typeof(¦
