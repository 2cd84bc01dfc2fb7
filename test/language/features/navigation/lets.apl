// A scalar let: defined by its name, used in later statements.
// symbol
let ⟦thre¦shold⟧ = 500;
['sample-http-logs']
| where req_duration_ms > ⟦threshold⟧
| extend slow = req_duration_ms > ⟦threshold⟧ * 2

// From a use, the same symbol.
// symbol
let ⟦threshold⟧ = 500;
['sample-http-logs']
| where req_duration_ms > ⟦thresh¦old⟧

// A tabular let used as the source of a query and as a join's right side.
// symbol
let ⟦errors⟧ = ['sample-http-logs'] | where status == "500";
⟦errors⟧
| join kind=inner (⟦er¦rors⟧) on id

// A later let of the same name hides the earlier one: only its own uses.
// symbol
let limit_ms = 100;
let ⟦limit_ms⟧ = limit_ms * 2;
['sample-http-logs']
| where req_duration_ms > ⟦limit¦_ms⟧

// A quoted let name.
// symbol
let ⟦['max ms']⟧ = 100;
['sample-http-logs']
| where req_duration_ms > ⟦['ma¦x ms']⟧

// Renaming a let renames its definition and every use.
// rename: cutoff
let ⟦thre¦shold⟧ = 500;
['sample-http-logs']
| where req_duration_ms > ⟦threshold⟧

// A new name that is not an identifier is written quoted.
// rename: max ms
// new-text: ['max ms']
let ⟦thre¦shold⟧ = 500;
['sample-http-logs']
| where req_duration_ms > ⟦threshold⟧

// A new name given quoted is taken as it is.
// rename: ['by']
// new-text: ['by']
let ⟦thre¦shold⟧ = 500;
print x = ⟦threshold⟧

// A name that is neither a let nor a column: nothing to find, nothing to rename.
// none
// refused: Only a let name or a column
['sample-http-logs']
| summarize c¦ount()

// Renaming a let onto an earlier let's name is refused: the earlier one would be hidden.
// rename: low
// refused: A let named `low` is already in scope here
let low = 100;
let ⟦hi¦gh⟧ = 500;
['sample-http-logs']
| where req_duration_ms between (low .. ⟦high⟧)

// Onto a later let's name, whose scope takes in a use: refused too.
// rename: later
// refused: A let named `later` is already in scope
let ⟦fi¦rst⟧ = 100;
let later = 5;
print x = ⟦first⟧ + later
