// A function body's start: `let`, tables, values, and the parameters.
// includes: let, x, factor, sample-http-logs, strlen, true
// excludes: where, set
let scale = (x: long, factor: real) { ¦ };
print scale(1, 2.0)

// In the body's result: the parameters, as values.
// includes: x, factor, strlen
// excludes: let, sample-http-logs
let scale = (x: long, factor: real) { x * ¦ };
print scale(1, 2.0)

// A body being typed, not closed yet, still sees its parameters.
// includes: x, factor
let scale = (x: long, factor: real) { x * ¦

// A tabular body's stage sees the scalar parameters where a value fits.
// first: n
// count: 1
let firstRows = (T: (*), n: int) { T | take ¦ };
firstRows(['sample-http-logs'], 3)

// Parameters do not leak out of the body.
// excludes: x, factor
// includes: scale
let scale = (x: long, factor: real) { x * factor };
print ¦
