// An aggregation: its signature, summary and link.
// range: avg
// contains: avg(expr: numeric): real
// contains: [APL reference: avg]
['sample-http-logs'] | summarize a¦vg(req_duration_ms) by method

// A scalar function.
// range: strlen
// contains: strlen(source: string): long
['sample-http-logs'] | where strl¦en(uri) > 10

// All signatures of an overloaded function.
// contains: rand(): real
// contains: rand(range: long): long
print r = ra¦nd(10)

// A function hovered at the end of its name.
// range: count
// contains: count(): long
['sample-http-logs'] | summarize count¦() by method

// A call with an unknown name: nothing to say.
// none
print no_such_fu¦nction(1)
