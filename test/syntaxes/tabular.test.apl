// SYNTAX TEST "source.axiom-apl" "tabular operators after a pipe, source operators, clause keywords"

T | count x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl
T | distinct x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^ keyword.control.tabular.apl
T | extend x
//^ keyword.operator.pipe.apl
//  ^^^^^^ keyword.control.tabular.apl
T | extend-valid x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^ keyword.control.tabular.apl
T | externaldata x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^ meta.inline-table.apl keyword.control.source.apl
T | getschema x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^ keyword.control.tabular.apl
T | join x
//^ keyword.operator.pipe.apl
//  ^^^^ keyword.control.tabular.apl
T | limit x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl
T | lookup x
//^ keyword.operator.pipe.apl
//  ^^^^^^ keyword.control.tabular.apl
T | make-series x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^ keyword.control.tabular.apl
T | mv-expand x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^ keyword.control.tabular.apl
T | order x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl
T | parse x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl
T | parse-kv x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^ keyword.control.tabular.apl
T | parse-where x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^ keyword.control.tabular.apl
T | project x
//^ keyword.operator.pipe.apl
//  ^^^^^^^ keyword.control.tabular.apl
T | project-away x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^ keyword.control.tabular.apl
T | project-keep x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^ keyword.control.tabular.apl
T | project-rename x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^^^ keyword.control.tabular.apl
T | project-reorder x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^^^^^^^ keyword.control.tabular.apl
T | redact x
//^ keyword.operator.pipe.apl
//  ^^^^^^ keyword.control.tabular.apl
T | sample x
//^ keyword.operator.pipe.apl
//  ^^^^^^ keyword.control.tabular.apl
T | search x
//^ keyword.operator.pipe.apl
//  ^^^^^^ keyword.control.tabular.apl
T | sort x
//^ keyword.operator.pipe.apl
//  ^^^^ keyword.control.tabular.apl
T | summarize x
//^ keyword.operator.pipe.apl
//  ^^^^^^^^^ keyword.control.tabular.apl
T | take x
//^ keyword.operator.pipe.apl
//  ^^^^ keyword.control.tabular.apl
T | top x
//^ keyword.operator.pipe.apl
//  ^^^ keyword.control.tabular.apl
T | union x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl
T | where x
//^ keyword.operator.pipe.apl
//  ^^^^^ keyword.control.tabular.apl

// hyphenated operators are one token; their first half is not a keyword on its own
| project-away a, b
//^^^^^^^^^^^^ keyword.control.tabular.apl
| project x, y
//^^^^^^^ keyword.control.tabular.apl
//        ^ variable.other.readwrite.apl

// an operator on its own after a pipe, and at the start of a continuation line
| count
//^^^^^ keyword.control.tabular.apl - support.function.aggregation.apl
    | getschema
//    ^^^^^^^^^ keyword.control.tabular.apl

// source operators start a query, a let value or a subquery
print x = 1
// <----- keyword.control.source.apl
union withsource=src ['sample-http-logs'], github*
// <----- keyword.control.source.apl
//    ^^^^^^^^^^ keyword.other.clause.apl
//                     ^^^^^^^^^^^^^^^^ variable.other.readwrite.apl
search "error"
// <------ keyword.control.source.apl
datatable (name:string, n:int) ['a', 1, 'b', 2]
// <--------- meta.inline-table.apl keyword.control.source.apl
//         ^^^^ meta.inline-table.schema.apl variable.other.readwrite.apl
//             ^ meta.inline-table.schema.apl punctuation.separator.type-annotation.apl
//              ^^^^^^ meta.inline-table.schema.apl storage.type.apl
//                        ^^^ meta.inline-table.schema.apl storage.type.apl
//                             ^ meta.inline-table.rows.apl punctuation.section.brackets.begin.apl
//                              ^^^ meta.inline-table.rows.apl string.quoted.single.apl - variable.other.readwrite.apl
//                                           ^ meta.inline-table.rows.apl constant.numeric.decimal.apl
//                                            ^ meta.inline-table.rows.apl punctuation.section.brackets.end.apl
let one = datatable (s:string) ['x'];
//        ^^^^^^^^^ keyword.control.source.apl
//                              ^^^ meta.inline-table.rows.apl string.quoted.single.apl
//                                  ^ punctuation.terminator.statement.apl - meta.inline-table.apl
externaldata (id:long) ["https://example.invalid/data.csv"] with (format="csv", ignoreFirstRecord=true)
// <------------ meta.inline-table.apl keyword.control.source.apl
//               ^^^^ storage.type.apl
//                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ meta.inline-table.rows.apl string.quoted.double.apl
//                                                          ^^^^ keyword.other.clause.apl
//                                                                ^^^^^^ keyword.other.option.apl
//                                                                              ^^^^^^^^^^^^^^^^^ keyword.other.option.apl
| join kind=inner (other | where x > 1) on id
//^^^^ keyword.control.tabular.apl
//     ^^^^ keyword.other.clause.apl
//          ^^^^^ constant.language.kind.apl
//                       ^ keyword.operator.pipe.apl
//                         ^^^^^ keyword.control.tabular.apl
//                                      ^^ keyword.other.clause.apl

// clause keywords
| summarize count() by bin(_time, 1h)
//                  ^^ keyword.other.clause.apl
| order by a asc, b desc nulls first, c nulls last
//           ^^^ keyword.other.clause.apl
//                  ^^^^ keyword.other.clause.apl
//                       ^^^^^ keyword.other.clause.apl
//                             ^^^^^ keyword.other.clause.apl
//                                      ^^^^^ keyword.other.clause.apl
//                                            ^^^^ keyword.other.clause.apl
| make-series count() default=0 on _time from ago(1d) to now() step 1h by host
//                    ^^^^^^^ keyword.other.clause.apl
//                              ^^ keyword.other.clause.apl
//                                       ^^^^ keyword.other.clause.apl
//                                                    ^^ keyword.other.clause.apl
//                                                             ^^^^ keyword.other.clause.apl
//                                                                     ^^ keyword.other.clause.apl
| make-series avg(x) on _time in range(ago(1d), now(), 1h)
//                            ^^ keyword.operator.set.apl
//                               ^^^^^ entity.name.function.apl
| mv-expand kind=array with_itemindex=i tags to typeof(string) limit 100
//               ^^^^^ constant.language.kind.apl
//                     ^^^^^^^^^^^^^^ keyword.other.clause.apl
//                                           ^^ keyword.other.clause.apl
//                                              ^^^^^^ keyword.other.typeof.apl
//                                                     ^^^^^^ storage.type.apl
//                                                             ^^^^^ keyword.other.clause.apl
| parse kind=regex flags="i" msg with "user=" user:string " took " ms:long
//           ^^^^^ constant.language.kind.apl
//                 ^^^^^ keyword.other.clause.apl
//                               ^^^^ keyword.other.clause.apl
//                                                ^ punctuation.separator.type-annotation.apl
//                                                 ^^^^^^ storage.type.apl
//                                                                    ^^^^ storage.type.apl
| parse-kv msg as (k1:string, k2:long) with (pair_delimiter=",", kv_delimiter="=")
//             ^^ keyword.other.clause.apl
//                                           ^^^^^^^^^^^^^^ keyword.other.option.apl
//                                                               ^^^^^^^^^^^^ keyword.other.option.apl
| redact replaceToken="#" replaceHash=false redactGroups=true @"\d{3}" on msg
//       ^^^^^^^^^^^^ keyword.other.option.apl
//                        ^^^^^^^^^^^ keyword.other.option.apl
//                                          ^^^^^^^^^^^^ keyword.other.option.apl
//                                                                     ^^ keyword.other.clause.apl
| project-reorder b granny-asc, a granny-desc
//                  ^^^^^^^^^^ keyword.other.clause.apl
//                                ^^^^^^^^^^^ keyword.other.clause.apl
| search kind=case_sensitive in (logs*) "error"
//^^^^^^ keyword.control.tabular.apl
//            ^^^^^^^^^^^^^^ constant.language.kind.apl
//                           ^^ keyword.operator.set.apl
| extend to_lower = 1, bystander = 2, format = 3, limits = 4
//       ^^^^^^^^ variable.other.readwrite.apl - keyword.other.clause.apl
//                     ^^^^^^^^^ variable.other.readwrite.apl - keyword.other.clause.apl
//                                                ^^^^^^ variable.other.readwrite.apl - keyword.other.clause.apl
| extend span_kind = kind, k2 = kind == "server"
//                   ^^^^ variable.other.readwrite.apl - keyword.other.clause.apl
//                              ^^^^ variable.other.readwrite.apl - keyword.other.clause.apl
| join kind = fancy (t) on a
//     ^^^^ keyword.other.clause.apl
