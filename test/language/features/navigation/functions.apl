// A function-like let: its name is defined by the let and used by every call.
// symbol
let ⟦tw¦ice⟧ = (x: long) { x * 2 };
['sample-http-logs']
| extend y = ⟦twice⟧(resp_body_size_bytes), z = ⟦twice⟧(2)

// From a call, the same function.
// symbol
let ⟦twice⟧ = (x: long) { x * 2 };
['sample-http-logs']
| extend y = ⟦tw¦ice⟧(resp_body_size_bytes)

// A parameter: defined in the parameter list, used in the body only.
// symbol
let x = 1;
let scale = (⟦¦x⟧: long, factor: real = 1.5) { let doubled = ⟦x⟧ * 2; doubled * factor + ⟦x⟧ };
print scale(x)

// From a use in the body, the parameter.
// symbol
let scale = (⟦x⟧: long) { ⟦x¦⟧ * 2 };
print scale(3)

// A tabular parameter and a scalar one in a tabular body.
// symbol
let firstRows = (⟦T⟧: (*), n: int) { ⟦¦T⟧ | take n };
firstRows(['sample-http-logs'], 3)

// A let inside the body.
// symbol
let scale = (x: long) { let ⟦dou¦bled⟧ = x * 2; ⟦doubled⟧ + 1 };
print scale(3)

// Renaming a function renames the let and every call.
// rename: thrice
let ⟦tw¦ice⟧ = (x: long) { x * 2 };
['sample-http-logs']
| extend y = ⟦twice⟧(resp_body_size_bytes)

// Renaming a parameter renames it in the body.
// rename: value
let twice = (⟦¦x⟧: long) { ⟦x⟧ * 2 };
print twice(3)

// A parameter cannot take the name of another parameter.
// rename: factor
// refused: already has a parameter named `factor`
let scale = (⟦¦x⟧: long, factor: real) { ⟦x⟧ * factor };
print scale(3, 1.5)

// A type name is no symbol.
// none
let twice = (x: lo¦ng) { x * 2 };
print twice(3)
