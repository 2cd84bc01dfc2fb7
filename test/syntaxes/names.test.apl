// SYNTAX TEST "source.axiom-apl" "names, quoted names, field paths, function calls, statements and comments"

// a whole-line comment with | where and "quotes"
// <-- comment.line.double-slash.apl punctuation.definition.comment.apl
//                             ^^^^^ comment.line.double-slash.apl - keyword.control.tabular.apl
//                                       ^^^^^^^^ comment.line.double-slash.apl - string.quoted.double.apl
['sample-http-logs'] // trailing comment
// <- meta.quoted-name.apl punctuation.section.brackets.begin.apl
// <~- meta.quoted-name.apl punctuation.definition.quoted-name.begin.apl
//^^^^^^^^^^^^^^^^ meta.quoted-name.apl variable.other.readwrite.apl - string.quoted.single.apl
//                 ^ meta.quoted-name.apl punctuation.section.brackets.end.apl
//                   ^^ comment.line.double-slash.apl punctuation.definition.comment.apl
//                      ^^^^^^^^^^^^^^^^ comment.line.double-slash.apl
| where ['geo.city'] == "Paris" and ["service.name"] != 'x' and ['where'] == 1
//        ^^^^^^^^ variable.other.readwrite.apl
//                                   ^ meta.quoted-name.apl punctuation.definition.quoted-name.begin.apl
//                                    ^^^^^^^^^^^^ variable.other.readwrite.apl
//                                                                ^^^^^ variable.other.readwrite.apl - keyword.control.tabular.apl
| extend c = ['attributes.custom']['http.protocol'], d = todynamic(body)["uri"], e = tags[0]
//             ^^^^^^^^^^^^^^^^^ variable.other.readwrite.apl
//                                  ^^^^^^^^^^^^^ variable.other.property.apl
//                                                       ^^^^^^^^^ entity.name.function.apl
//                                                                        ^^^ variable.other.property.apl
//                                                                                   ^^^^ variable.other.readwrite.apl
//                                                                                       ^ punctuation.section.brackets.begin.apl
//                                                                                        ^ constant.numeric.decimal.apl
| where geo.city == "Paris" and attributes.http.method == "GET" and resource.['service.name'] != ""
//      ^^^ variable.other.readwrite.apl
//         ^ punctuation.accessor.apl
//          ^^^^ variable.other.property.apl
//                                              ^^^^^^ variable.other.property.apl
//                                                                             ^^^^^^^^^^^^ variable.other.property.apl
| project _time, _sysTime, req_duration_ms, status2
//        ^^^^^ variable.other.readwrite.apl
//               ^^^^^^^^ variable.other.readwrite.apl
//                         ^^^^^^^^^^^^^^^ variable.other.readwrite.apl
//                                          ^^^^^^^ variable.other.readwrite.apl - constant.numeric.timespan.apl

// function calls: aggregations are told apart from scalar functions
| summarize count(), dcount(id), make_list_if(x, y > 1), p = percentiles_array(d, 50, 95) by bin_auto(_time)
//          ^^^^^ support.function.aggregation.apl
//                   ^^^^^^ support.function.aggregation.apl
//                               ^^^^^^^^^^^^ support.function.aggregation.apl
//                                                           ^^^^^^^^^^^^^^^^^ support.function.aggregation.apl
//                                                                                           ^^^^^^^^ entity.name.function.apl
| extend s = strcat(a, "-", b), l = strlen (s), h = hash_sha256(s), k = series_fir(x, dynamic([1]))
//           ^^^^^^ entity.name.function.apl
//                                  ^^^^^^ entity.name.function.apl
//                                                  ^^^^^^^^^^^ entity.name.function.apl
//                                                                      ^^^^^^^^^^ entity.name.function.apl
| where isnotempty(x) and iff(a, b, c) and not(isnull(y))
//      ^^^^^^^^^^ entity.name.function.apl
//                        ^^^ entity.name.function.apl
//                                             ^^^^^^ entity.name.function.apl
| extend counter = count_, total = sum_x
//       ^^^^^^^ variable.other.readwrite.apl - support.function.aggregation.apl
//                 ^^^^^^ variable.other.readwrite.apl - support.function.aggregation.apl

// statements
let threshold = 100;
// <--- keyword.other.let.apl
//  ^^^^^^^^^ entity.name.variable.apl
//            ^ keyword.operator.assignment.apl
//                 ^ punctuation.terminator.statement.apl
let ids = dynamic(["a", "b"]); set stricttypes;
// <--- keyword.other.let.apl
//  ^^^ entity.name.variable.apl
//                             ^^^ keyword.other.set.apl
//                                 ^^^^^^^^^^^ variable.other.option.apl
| extend letter = 1, settle = 2
//       ^^^^^^ variable.other.readwrite.apl - keyword.other.let.apl
//                   ^^^^^^ variable.other.readwrite.apl - keyword.other.set.apl
