let slow = 500ms;
let services = dynamic(["frontend", "cartservice"]);
['otel-demo-traces']
| where duration > slow and ['service.name'] in (services)
| extend route = tostring(['attributes.custom']['http.route']), span_kind = kind
| make-series p50 = percentile(duration, 50) default = 0 on _time from ago(6h) to now() step 5m by ['service.name']
| mv-expand kind = array with_itemindex = idx p50 to typeof(real)
| join kind=leftouter (
    ['otel-demo-traces']
    | summarize errors = countif(status_code == "ERROR") by trace_id
  ) on trace_id
| lookup kind=inner (datatable (name:string, team:string) ["frontend", "web", "cartservice", "checkout"]) on $left.['service.name'] == $right.name
| project _time, name, team, p50, errors
