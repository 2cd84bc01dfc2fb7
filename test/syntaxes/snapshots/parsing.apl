set stricttypes;
print raw = "user=alice took=120ms status=ok"
| parse raw with "user=" user:string " took=" took:timespan " status=" status
| parse-where kind=regex flags="i" raw with @"took=(\d+)ms" ms:long
| parse-kv raw as (user:string, status:string) with (pair_delimiter=" ", kv_delimiter="=")
| redact replaceToken="*" replaceHash=false @"\d+" on raw
| extend-valid first_seen = datetime(2024-03-01 08:30:00), ttl = timespan(1.5d), nothing = int(null)
| project-reorder user granny-asc, status*
| getschema

union withsource=source_dataset ['sample-http-logs'], github*
| search kind=case_insensitive "timeout" or status == "504"
| where _time between (datetime(2024-01-01) .. datetime(2024-01-31T23:59:59Z))
| distinct source_dataset
| sample 0.25
| count

externaldata (ip:string, owner:string) ["https://example.invalid/owners.csv"] with (format="csv", ignoreFirstRecord=true)
| project-keep ip, owner
| limit 100
