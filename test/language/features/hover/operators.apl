// Every tabular operator's keyword shows its syntax, summary and reference link.
// range: where
// contains: where Predicate
// contains: [APL reference: where](https://axiom.co/docs/apl/tabular-operators/where-operator)
['sample-http-logs'] | wh¦ere status == '500'

// range: extend
// contains: extend [Name =] Expr
['sample-http-logs'] | ext¦end slow = req_duration_ms > 100

// range: extend-valid
// contains: a row only receives the computed value when that value passes
['sample-http-logs'] | extend-va¦lid city = ['geo.city']

// range: project
// contains: project Column | Name = Expr
['sample-http-logs'] | proj¦ect status

// range: project-away
// contains: project-away ColumnOrWildcard
['sample-http-logs'] | project-a¦way status

// range: project-keep
// contains: project-keep ColumnOrWildcard
['sample-http-logs'] | project-ke¦ep status

// range: project-rename
// contains: project-rename NewName = OldName
['sample-http-logs'] | project-ren¦ame code = status

// range: project-reorder
// contains: project-reorder ColumnOrWildcard
['sample-http-logs'] | project-reo¦rder status asc

// range: summarize
// contains: summarize [[Name =] Aggregation
['sample-http-logs'] | summ¦arize count() by status

// range: count
// contains: the number of rows that reached it
['sample-http-logs'] | cou¦nt

// range: distinct
// contains: distinct Column
['sample-http-logs'] | dist¦inct status

// range: take
// contains: take N
['sample-http-logs'] | ta¦ke 10

// range: limit
// contains: limit N
['sample-http-logs'] | lim¦it 10

// range: top
// contains: top N by Expr
['sample-http-logs'] | t¦op 5 by req_duration_ms

// range: sort
// contains: sort by Expr
['sample-http-logs'] | so¦rt by _time desc

// range: order
// contains: order by Expr
['sample-http-logs'] | ord¦er by _time asc

// range: join
// contains: join [kind = Kind]
['sample-http-logs'] | jo¦in kind=inner (['otel-demo-traces']) on $left.id == $right.trace_id

// range: lookup
// contains: lookup [kind = leftouter | inner]
['sample-http-logs'] | look¦up weblogs on _time

// range: union
// contains: union [withsource = Column]
['sample-http-logs'] | uni¦on weblogs

// range: search
// contains: search [kind =
search¦ "error"

// range: parse
// contains: parse [kind = simple | regex | relaxed]
['sample-http-logs'] | par¦se uri with '/api/' version:string '/' rest

// range: parse-where
// contains: parse-where [kind
['sample-http-logs'] | parse-wh¦ere uri with '/api/' version:string '/' rest

// range: parse-kv
// contains: parse-kv Expr as
['sample-http-logs'] | parse-¦kv uri as (user:string) with (pair_delimiter='&', kv_delimiter='=')

// range: mv-expand
// contains: mv-expand [kind = (bag | array)]
['weblogs'] | mv-exp¦and tags to typeof(string)

// range: make-series
// contains: make-series [Name =] Aggregation
['sample-http-logs'] | make-se¦ries avg(req_duration_ms) on _time step 1h

// range: sample
// contains: sample Fraction
['sample-http-logs'] | samp¦le 0.1

// range: getschema
// contains: getschema
['sample-http-logs'] | getsch¦ema

// range: redact
// contains: redact [replaceToken
['sample-http-logs'] | red¦act @'\d+' on uri

// range: externaldata
// contains: externaldata (Name:Type
exter¦naldata (host:string) ['https://example.com/hosts.csv']

// range: print
// contains: print [Name =] Expr
// contains: Not documented in the APL reference
pri¦nt x = 1

// range: datatable
// contains: datatable (Name:Type
data¦table (name:string) ['a']

// A clause keyword of an operator is not the operator.
// none
['sample-http-logs'] | summarize count() b¦y status
