// A column made by extend: its name there, and every later use.
// symbol
['sample-http-logs']
| extend ⟦dur¦ation_s⟧ = req_duration_ms / 1000
| where ⟦duration_s⟧ > 1
| summarize avg(⟦duration_s⟧) by status

// From a use of a summarize column: the name in summarize is the definition.
// symbol
['sample-http-logs']
| summarize ⟦n⟧ = count() by status
| where ⟦n⟧ > 10
| sort by ⟦¦n⟧ desc

// project keeps a column it lists by name, and a later extend reads it.
// symbol
['sample-http-logs']
| extend ⟦slow⟧ = req_duration_ms > 100
| project ⟦slow⟧, status
| extend label = iff(⟦sl¦ow⟧, "slow", "fast")

// A column project creates.
// symbol
['sample-http-logs']
| project ⟦seco¦nds⟧ = req_duration_ms / 1000, status
| where ⟦seconds⟧ > 2

// parse … with creates columns.
// symbol
['sample-http-logs']
| parse uri with * "/api/" ⟦endpoint⟧:string "/" *
| summarize count() by ⟦endp¦oint⟧

// A column redefined by a later extend is a new symbol: the earlier one ends there.
// symbol
['sample-http-logs']
| extend x = 1
| extend ⟦x⟧ = x + 1
| where ⟦¦x⟧ > 1

// A stage that drops the column ends its uses (project without it).
// symbol
['sample-http-logs']
| extend ⟦t¦mp⟧ = 1
| where ⟦tmp⟧ > 0
| project status
| extend tmp = 2

// Uses in the same extend, after the definition.
// symbol
['sample-http-logs']
| extend ⟦a¦⟧ = 1, b = ⟦a⟧ + 1

// A column made in a tabular let flows into the queries that start from it.
// symbol
let slow = ['sample-http-logs'] | extend ⟦sec¦onds⟧ = req_duration_ms / 1000;
slow
| where ⟦seconds⟧ > 1
| project ⟦seconds⟧

// project-rename ends the old name and starts the new one.
// symbol
['sample-http-logs']
| extend tmp = 1
| project-rename ⟦kept⟧ = tmp
| where ⟦k¦ept⟧ > 0

// The join's $left side is this pipeline's column.
// symbol
['sample-http-logs']
| extend ⟦key⟧ = id
| join kind=inner (['sample-http-logs'] | extend key = id) on $left.⟦k¦ey⟧ == $right.key

// A dataset's field has no definition in the query, but its uses are found.
// field
['sample-http-logs']
| where ⟦sta¦tus⟧ == "500"
| summarize count() by ⟦status⟧

// Renaming a created column renames its definition and its uses, not a later column of the same name.
// rename: seconds
['sample-http-logs']
| extend ⟦d¦ur⟧ = req_duration_ms / 1000
| where ⟦dur⟧ > 1
| project status
| extend dur = 2

// Renaming to a name that needs quoting.
// rename: geo.seconds
// new-text: ['geo.seconds']
['sample-http-logs']
| summarize ⟦n¦⟧ = count()
| where ⟦n⟧ > 0

// A stored dataset field cannot be renamed.
// refused: field of the dataset `sample-http-logs`
['sample-http-logs']
| where sta¦tus == "500"

// A column an operator named by itself cannot be renamed where it is used.
// refused: give it a name there
['sample-http-logs']
| summarize count()
| where cou¦nt_ > 1

// A new name that is not one.
// rename: ['unclosed
// refused: is not a name
['sample-http-logs']
| extend ⟦d¦ur⟧ = 1

// Renaming onto a column the stage already has (its input) is refused, not turned into a clash.
// rename: status
// refused: `status` is already a column at this `extend`
['sample-http-logs']
| extend ⟦sec¦onds⟧ = req_duration_ms / 1000
| where ⟦seconds⟧ > 1

// The same for another column the stage makes.
// rename: ms
// refused: `ms` is already a column at this `summarize`
['sample-http-logs']
| summarize ⟦n¦⟧ = count(), ms = avg(req_duration_ms) by status

// A quoted input name counts too.
// rename: ['geo.city']
// refused: `['geo.city']` is already a column
['sample-http-logs']
| project ⟦ci¦ty⟧ = tostring(geo.country)

// A let of that name in scope at the column's definition.
// rename: threshold
// refused: A let named `threshold` is already in scope
let threshold = 500;
['sample-http-logs']
| extend ⟦sl¦ow⟧ = req_duration_ms > threshold
