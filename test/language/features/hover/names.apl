// A column from the dataset: its type and where it comes from, with the schema's description.
// range: req_duration_ms
// contains: req_duration_ms: real
// contains: Field of dataset `sample-http-logs`
// contains: Time to serve the request, in milliseconds.
['sample-http-logs'] | where req_dura¦tion_ms > 100

// A quoted column: the whole bracket is the range.
// range: ['geo.city']
// contains: geo.city: string
['sample-http-logs'] | project ['geo.c¦ity']

// A flattened column read with a dot.
// contains: geo.country: string
['sample-http-logs'] | where geo.coun¦try == 'DE'

// A column defined earlier in the pipeline.
// contains: slow: bool
// contains: Defined by `extend` on line 2.
['sample-http-logs']
| extend slow = req_duration_ms > 1000
| where sl¦ow

// A column a summarize named.
// contains: n: long
// contains: Defined by `summarize`
['sample-http-logs']
| summarize n = count() by status
| where n¦ > 10

// A scalar let: its statement and type.
// range: threshold
// contains: let threshold = 500
// contains: Type: `long`.
let threshold = 500;
['sample-http-logs'] | where req_duration_ms > thresh¦old

// A tabular let.
// contains: let errors = ['sample-http-logs'] | where status == '500'
// contains: Table with
let errors = ['sample-http-logs'] | where status == '500';
err¦ors | count

// A long let shows its first line only.
// contains: let slow = ['sample-http-logs'] …
// lacks: where
let slow = ['sample-http-logs']
  | where req_duration_ms > 1000;
sl¦ow | count

// A dataset: its name and fields.
// range: ['sample-http-logs']
// contains: Dataset with 14 fields
// contains: `status`: string
['sample-h¦ttp-logs'] | take 10

// range: weblogs
// contains: Dataset with 4 fields
web¦logs | take 10

// A name the analyzer could not resolve and the schema does not know.
// none
['sample-http-logs'] | where no_such_col¦umn == 1

// A column a datatable declared.
// contains: bytes: long
// contains: Defined by `datatable` on line 1.
datatable (name:string, bytes:long) ['a', 1]
| where byt¦es > 0

// A function-like let, from a call.
// range: twice
// contains: let twice = (x: long) { x * 2 }
// contains: A function defined in this query.
let twice = (x: long) { x * 2 };
['sample-http-logs'] | extend y = tw¦ice(resp_body_size_bytes)

// A function's parameter, where the body uses it.
// range: x
// contains: x: long = 2
// contains: Parameter of the function `twice`.
let twice = (x: long = 2) { x¦ * 2 };
print twice()

// A parameter's type: the type's documentation.
// range: long
// contains: A signed 64-bit whole number
let twice = (x: lo¦ng) { x * 2 };
print twice(1)
