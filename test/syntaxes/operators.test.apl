// SYNTAX TEST "source.axiom-apl" "operators: symbols, word operators with negation and case-sensitive forms, join sides"

| where a == 1 and b != 2 and c <> 3 and d =~ "x" and e !~ "y"
//        ^^ keyword.operator.comparison.apl
//                   ^^ keyword.operator.comparison.apl
//                              ^^ keyword.operator.comparison.apl
//                                         ^^ keyword.operator.comparison.apl
//                                                      ^^ keyword.operator.comparison.apl
//             ^^^ keyword.operator.logical.apl

| where a < 1 or b <= 2 or c > 3 or d >= 4
//        ^ keyword.operator.comparison.apl
//                 ^^ keyword.operator.comparison.apl
//                           ^ keyword.operator.comparison.apl
//                                    ^^ keyword.operator.comparison.apl
//            ^^ keyword.operator.logical.apl

| extend x = a + b - c * d / e % f
//         ^ keyword.operator.assignment.apl
//             ^ keyword.operator.arithmetic.apl
//                 ^ keyword.operator.arithmetic.apl
//                     ^ keyword.operator.arithmetic.apl
//                         ^ keyword.operator.arithmetic.apl
//                             ^ keyword.operator.arithmetic.apl

| where not(a) and x between (1 .. 10) and y !between (2 .. 3)
//      ^^^ keyword.operator.logical.apl - entity.name.function.apl
//                   ^^^^^^^ keyword.operator.range.apl
//                              ^^ keyword.operator.range.apl
//                                           ^^^^^^^^ keyword.operator.range.apl
//                                                       ^^ keyword.operator.range.apl

| where s contains "a" and s !contains "b" and s contains_cs "c" and s !contains_cs "d"
//        ^^^^^^^^ keyword.operator.string.apl
//                           ^^^^^^^^^ keyword.operator.string.apl
//                                               ^^^^^^^^^^^ keyword.operator.string.apl
//                                                                     ^^^^^^^^^^^^ keyword.operator.string.apl

| where s has "a" and s !has "b" and s has_cs "c" and s !has_cs "d"
//        ^^^ keyword.operator.string.apl
//                      ^^^^ keyword.operator.string.apl
//                                     ^^^^^^ keyword.operator.string.apl
//                                                      ^^^^^^^ keyword.operator.string.apl

| where s startswith "a" and s !startswith "b" and s startswith_cs "c" and s !startswith_cs "d"
//        ^^^^^^^^^^ keyword.operator.string.apl
//                             ^^^^^^^^^^^ keyword.operator.string.apl
//                                                   ^^^^^^^^^^^^^ keyword.operator.string.apl
//                                                                           ^^^^^^^^^^^^^^ keyword.operator.string.apl

| where s endswith "a" and s !endswith "b" and s endswith_cs "c" and s !endswith_cs "d"
//        ^^^^^^^^ keyword.operator.string.apl
//                           ^^^^^^^^^ keyword.operator.string.apl
//                                               ^^^^^^^^^^^ keyword.operator.string.apl
//                                                                     ^^^^^^^^^^^^ keyword.operator.string.apl

| where s hasprefix "a" and s !hasprefix_cs "b" and s hassuffix "c" and s !hassuffix_cs "d"
//        ^^^^^^^^^ keyword.operator.string.apl
//                            ^^^^^^^^^^^^^ keyword.operator.string.apl
//                                                    ^^^^^^^^^ keyword.operator.string.apl
//                                                                        ^^^^^^^^^^^^^ keyword.operator.string.apl

| where s has_any ("a", "b") and s has_any_cs ("c") and s has_all ("d", "e") and s has_all_cs ("f")
//        ^^^^^^^ keyword.operator.string.apl
//                                 ^^^^^^^^^^ keyword.operator.string.apl
//                                                        ^^^^^^^ keyword.operator.string.apl
//                                                                                 ^^^^^^^^^^ keyword.operator.string.apl

| where m in ("GET", "PUT") and m !in ("DELETE") and m in~ ("get") and m !in~ ("put")
//        ^^ keyword.operator.set.apl
//                                ^^^ keyword.operator.set.apl
//                                                     ^^^ keyword.operator.set.apl
//                                                                       ^^^^ keyword.operator.set.apl

| where uri matches regex "^/api" and uri !matches regex @"\d+"
//          ^^^^^^^^^^^^^ keyword.operator.regex.apl
//                                        ^^^^^^^^^^^^^^ keyword.operator.regex.apl
//                                                       ^^ string.quoted.double.raw.apl punctuation.definition.string.begin.apl

| where hasher == 1 and contained == 2 and index == 3 and android == 4 and inbetween == 5
//      ^^^^^^ variable.other.readwrite.apl - keyword.operator.string.apl
//                      ^^^^^^^^^ variable.other.readwrite.apl - keyword.operator.string.apl
//                                         ^^^^^ variable.other.readwrite.apl - keyword.operator.set.apl
//                                                        ^^^^^^^ variable.other.readwrite.apl - keyword.operator.logical.apl
//                                                                         ^^^^^^^^^ variable.other.readwrite.apl - keyword.operator.range.apl

| lookup kind=leftouter (users) on $left.uid == $right.id, $left.['geo.city'] == $right.city
//                                 ^^^^^ variable.language.join-side.apl
//                                      ^ punctuation.accessor.apl
//                                       ^^^ variable.other.property.apl
//                                              ^^^^^^ variable.language.join-side.apl
//                                                     ^^ variable.other.property.apl
//                                                         ^^^^^ variable.language.join-side.apl
//                                                                 ^^^^^^^^ variable.other.property.apl

T | where a==b|project c
//^ keyword.operator.pipe.apl
//         ^^ keyword.operator.comparison.apl
//            ^ keyword.operator.pipe.apl
//             ^^^^^^^ keyword.control.tabular.apl
