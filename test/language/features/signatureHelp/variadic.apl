// A variadic parameter stays active however many arguments follow.
// label: strcat(arg1: any, args: any...): string
// active: 1
// parameter: args: any...
print strcat('a', 'b', 'c', 'd', ¦

// A repeating key-value tuple cycles through its members.
// label: bag_pack(key: string, value: any, [key: string, value: any]...): dynamic
// active: 3
// parameter: value: any
print bag_pack('a', 1, 'b', ¦

// active: 2
// parameter: key: string
print bag_pack('a', 1, 'b', 2, 'c', 3, ¦

// case: the third argument is the next condition.
// label: case(condition: bool, result: any, [condition: bool, result: any]..., else: any): any
// active: 2
// parameter: condition: bool
['sample-http-logs']
| extend c = case(req_duration_ms > 1000, 'slow', ¦
