// SYNTAX TEST "source.axiom-apl" "literals: strings, numbers, timespans, datetimes, dynamics, typed nulls, booleans"

print s1 = 'single', s2 = "double"
//         ^ string.quoted.single.apl punctuation.definition.string.begin.apl
//          ^^^^^^ string.quoted.single.apl
//                ^ string.quoted.single.apl punctuation.definition.string.end.apl
//                        ^ string.quoted.double.apl punctuation.definition.string.begin.apl
//                         ^^^^^^ string.quoted.double.apl
//                               ^ string.quoted.double.apl punctuation.definition.string.end.apl

print e1 = 'it\'s', e2 = "say \"hi\"\n", e3 = 'back\\slash'
//            ^^ string.quoted.single.apl constant.character.escape.apl
//              ^^ string.quoted.single.apl
//                            ^^ string.quoted.double.apl constant.character.escape.apl
//                                ^^ string.quoted.double.apl constant.character.escape.apl
//                                  ^^ string.quoted.double.apl constant.character.escape.apl
//                                    ^ string.quoted.double.apl punctuation.definition.string.end.apl
//                                                 ^^ string.quoted.single.apl constant.character.escape.apl
//                                                   ^^^^^ string.quoted.single.apl

print r1 = @'C:\temp\', r2 = @"\d+\.\d+"
//         ^^ string.quoted.single.raw.apl punctuation.definition.string.begin.apl
//           ^^^^^^^^ string.quoted.single.raw.apl - constant.character.escape.apl
//                   ^ string.quoted.single.raw.apl punctuation.definition.string.end.apl
//                           ^^ string.quoted.double.raw.apl punctuation.definition.string.begin.apl
//                             ^^^^^^^^ string.quoted.double.raw.apl - constant.character.escape.apl
//                                     ^ string.quoted.double.raw.apl punctuation.definition.string.end.apl

print k = "where // not a comment | project"
//         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.double.apl - comment.line.double-slash.apl keyword.control.tabular.apl keyword.operator.pipe.apl

print n1 = 42, n2 = 3.19, n3 = 1e6, n4 = 2.5E-3, n5 = .5, n6 = 0x1F, n7 = -3
//         ^^ constant.numeric.decimal.apl
//                  ^^^^ constant.numeric.decimal.apl
//                             ^^^ constant.numeric.decimal.apl
//                                       ^^^^^^ constant.numeric.decimal.apl
//                                                    ^^ constant.numeric.decimal.apl
//                                                             ^^^^ constant.numeric.hex.apl
//                                                                        ^ keyword.operator.arithmetic.apl
//                  ^ constant.numeric.decimal.apl

print t1 = 1h, t2 = 15m, t3 = 100ms, t4 = 1.5d, t5 = 10min, t6 = 1sec, t7 = 2d, t8 = 0.1s, t9 = 30s
//         ^^ constant.numeric.timespan.apl
//                  ^^^ constant.numeric.timespan.apl
//                            ^^^^^ constant.numeric.timespan.apl
//                                        ^^^^ constant.numeric.timespan.apl
//                                                   ^^^^^ constant.numeric.timespan.apl
//                                                               ^^^^ constant.numeric.timespan.apl
//                                                                          ^^ constant.numeric.timespan.apl
//                                                                                   ^^^^ constant.numeric.timespan.apl
//                                                                                              ^^^ constant.numeric.timespan.apl

print u1 = 2days, u2 = 3hours, u3 = 5seconds, u4 = 7ns, u5 = 9tick
//         ^^^^^ constant.numeric.timespan.apl
//                     ^^^^^^ constant.numeric.timespan.apl
//                                  ^^^^^^^^ constant.numeric.timespan.apl
//                                                 ^^^ constant.numeric.timespan.apl
//                                                           ^^^^^ constant.numeric.timespan.apl

print ts = timespan(15s), ratio = 10m / 1s, later = ago(10m) + 10m
//         ^^^^^^^^ meta.literal.typed.apl storage.type.apl
//                 ^ meta.literal.typed.apl punctuation.section.parens.begin.apl
//                  ^^^ meta.literal.typed.apl constant.numeric.timespan.apl
//                                ^^^ constant.numeric.timespan.apl
//                                    ^ keyword.operator.arithmetic.apl
//                                      ^^ constant.numeric.timespan.apl
//                                                      ^^^ constant.numeric.timespan.apl
//                                                           ^ keyword.operator.arithmetic.apl

print d1 = datetime(2019-11-30 23:59:59.9), d2 = datetime(2025-07-29T12:00:00Z), d3 = datetime('2022-09-16')
//         ^^^^^^^^ meta.literal.datetime.apl storage.type.apl
//                  ^^^^^^^^^^ meta.literal.datetime.apl constant.other.datetime.apl
//                             ^^^^^^^^^^ meta.literal.datetime.apl constant.other.datetime.apl
//                                       ^ meta.literal.datetime.apl punctuation.section.parens.end.apl
//                                                        ^^^^^^^^^^^^^^^^^^^^ meta.literal.datetime.apl constant.other.datetime.apl
//                                                                                             ^^^^^^^^^^^^ meta.literal.datetime.apl string.quoted.single.apl

print dd = date(2015-12-31), later = now(-1h)
//         ^^^^ storage.type.apl
//              ^^^^^^^^^^ constant.other.datetime.apl
//                                   ^^^ entity.name.function.apl
//                                        ^^ constant.numeric.timespan.apl

print j = dynamic({"a": 1, "b": {"c": [3, 4, "bye"], "d": null, "e": false}}), arr = dynamic([1, 2.5])
//        ^^^^^^^ meta.literal.dynamic.apl storage.type.apl
//               ^ meta.literal.dynamic.apl punctuation.section.parens.begin.apl
//                ^ meta.literal.dynamic.apl punctuation.section.braces.begin.apl
//                 ^^^ meta.literal.dynamic.apl string.quoted.double.apl
//                    ^ meta.literal.dynamic.apl punctuation.separator.key-value.apl
//                      ^ meta.literal.dynamic.apl constant.numeric.decimal.apl
//                                    ^ meta.literal.dynamic.apl punctuation.section.brackets.begin.apl
//                                           ^^^^^ meta.literal.dynamic.apl string.quoted.double.apl
//                                                ^ meta.literal.dynamic.apl punctuation.section.brackets.end.apl
//                                                        ^^^^ meta.literal.dynamic.apl constant.language.null.apl
//                                                                   ^^^^^ meta.literal.dynamic.apl constant.language.boolean.apl
//                                                                        ^^ meta.literal.dynamic.apl punctuation.section.braces.end.apl
//                                                                          ^ meta.literal.dynamic.apl punctuation.section.parens.end.apl
//                                                                                           ^ meta.literal.dynamic.apl punctuation.section.brackets.begin.apl
//                                                                                               ^^^ meta.literal.dynamic.apl constant.numeric.decimal.apl

print single = dynamic(['a'])
//                      ^^^ meta.literal.dynamic.apl string.quoted.single.apl - variable.other.readwrite.apl

print a = int(null), b = long(null), c = real(null), d = double(null), e = bool(null), f = time(null)
//        ^^^ storage.type.apl
//           ^ punctuation.section.parens.begin.apl
//            ^^^^ constant.language.null.apl
//                ^ punctuation.section.parens.end.apl
//                       ^^^^ storage.type.apl
//                            ^^^^ constant.language.null.apl
//                                       ^^^^ storage.type.apl
//                                                       ^^^^^^ storage.type.apl
//                                                                         ^^^^ storage.type.apl
//                                                                                         ^^^^ storage.type.apl
//                                                                                              ^^^^ constant.language.null.apl

print g = datetime(null), h = dynamic(null), i = bool(true), j = long(-3), k = typeof(string)
//        ^^^^^^^^ storage.type.apl
//                 ^^^^ constant.language.null.apl
//                            ^^^^^^^ storage.type.apl
//                                    ^^^^ constant.language.null.apl
//                                               ^^^^ storage.type.apl
//                                                    ^^^^ meta.literal.typed.apl constant.language.boolean.apl
//                                                                    ^ meta.literal.typed.apl keyword.operator.arithmetic.apl
//                                                                     ^ meta.literal.typed.apl constant.numeric.decimal.apl
//                                                                             ^^^^^^ keyword.other.typeof.apl
//                                                                                    ^^^^^^ storage.type.apl

print yes = true, no = false, nothing = null
//          ^^^^ constant.language.boolean.apl
//                     ^^^^^ constant.language.boolean.apl
//                                      ^^^^ constant.language.null.apl

print trueish = true_count, mins = minutes, dd = d2, version = v1h
//              ^^^^^^^^^^ variable.other.readwrite.apl - constant.language.boolean.apl
//                                 ^^^^^^^ variable.other.readwrite.apl
//                                               ^^ variable.other.readwrite.apl - constant.numeric.timespan.apl
//                                                             ^^^ variable.other.readwrite.apl - constant.numeric.timespan.apl

print unterminated = 'no closing quote
//                    ^^^^^^^^^^^^^^^^ string.quoted.single.apl
| where x == 1
// <- keyword.operator.pipe.apl - string.quoted.single.apl
