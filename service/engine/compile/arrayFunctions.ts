/**
 * The array functions (array_*, strcat_array, len, toarray). Dynamic values are JSON; arrays are worked
 * on as JSON[] lists with lambdas whose parameters carry an `apl_` prefix so they never shadow a column.
 * DuckDB evaluates an expression a lambda captures again for every element, so a list a lambda reads
 * is first bound to a name (`bind`): every function stays linear in its array.
 */
import { asJson, asNumber, asString, jsonElementText } from './coercions.ts';
import { define, out, simple, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';

const num = (value: Compiled) => asNumber(value);
const bigint = (value: Compiled) => `CAST(${num(value)} AS BIGINT)`;
/** The value as a JSON[] list; null when it is not an array. */
export const jsonList = (value: Compiled) => `TRY_CAST(${asJson(value)} AS JSON[])`;
const json = (sql: string) => `to_json(${sql})`;
/** Evaluates `sql` once and names it for `body` (a one-element list_transform). */
export const bind = (sql: string, name: string, body: string) => `list_transform([${sql}], ${name} -> ${body})[1]`;
/** An optional argument, or its default. */
const optional = (site: CallSite, index: number, fallback: string, compile: (value: Compiled) => string) => (site.raw.length > index ? compile(site.arg(index)) : fallback);

simple('array_length', 'long', (a) => `(CASE WHEN json_type(${a}) = 'ARRAY' THEN CAST(json_array_length(${a}) AS BIGINT) END)`, asJson);
define('array_concat', (site) => out(json(`flatten([${site.all().map(jsonList).join(', ')}])`), 'dynamic', true));
define('array_reverse', (site) => out(json(`list_reverse(${jsonList(site.arg(0))})`), 'dynamic', true));
define('array_sort_asc', (site) => out(sorted(site.arg(0), false), 'dynamic', true));
define('array_sort_desc', (site) => out(sorted(site.arg(0), true), 'dynamic', true));
/**
 * Kusto's order: numbers, then strings, then everything else; nulls last either way. What is not an
 * array sorts to an empty array (the reference).
 */
function sorted(value: Compiled, descending: boolean): string {
  const rank = `CASE json_type(apl_e) WHEN 'BIGINT' THEN 0 WHEN 'UBIGINT' THEN 0 WHEN 'DOUBLE' THEN 0 WHEN 'VARCHAR' THEN 1 ELSE 2 END`;
  const key = `apl_e -> {'rank': ${rank}, 'number': TRY_CAST(apl_e AS DOUBLE), 'text': CAST(apl_e AS VARCHAR), 'value': apl_e}`;
  const isNull = `(apl_e IS NULL OR json_type(apl_e) = 'NULL')`;
  const present = `list_transform(list_filter(apl_a, apl_e -> NOT ${isNull}), ${key})`;
  const order = `list_transform(${descending ? 'list_reverse_sort' : 'list_sort'}(${present}), apl_k -> apl_k.value)`;
  const body = `coalesce(list_concat(${order}, list_filter(apl_a, apl_e -> ${isNull})), [])`;
  return json(bind(jsonList(value), 'apl_a', body));
}

define('array_slice', (site) => {
  const array = jsonList(site.arg(0));
  const bound = (x: string) => `(CASE WHEN ${x} < 0 THEN len(${array}) + ${x} ELSE ${x} END)`;
  // start inclusive, end exclusive (DuckDB slices are 1-based and inclusive).
  return out(json(`${array}[${bound(num(site.arg(1)))} + 1 : ${bound(num(site.arg(2)))}]`), 'dynamic', true);
});

/**
 * `array_index_of(array, value[, start[, length[, occurrence]]])` (Kusto): the search runs over `length`
 * values from `start` (from the end when negative; -1 is no limit) and answers the position of the
 * occurrence-th match, -1 when there is none, null when occurrence < 0 or length < -1.
 */
define('array_index_of', (site) => {
  const lookup = asJson(site.arg(1));
  const start = optional(site, 2, '0', bigint);
  const length = optional(site, 3, '-1', bigint);
  const occurrence = optional(site, 4, '1', bigint);
  const from = `(CASE WHEN ${start} < 0 THEN greatest(len(apl_a) + ${start}, 0) ELSE ${start} END)`;
  const to = `(CASE WHEN ${length} = -1 OR ${length} >= len(apl_a) - ${from} THEN len(apl_a) ELSE ${from} + ${length} END)`;
  const positions = `list_transform(apl_a[${from} + 1 : ${to}], (apl_e, apl_p) -> CASE WHEN apl_e = ${lookup} THEN apl_p END)`;
  const found = bind(`list_filter(${positions}, apl_p -> apl_p IS NOT NULL)[${occurrence}]`, 'apl_m', `CASE WHEN apl_m IS NULL THEN -1 ELSE ${from} + apl_m - 1 END`);
  const answer = bind(jsonList(site.arg(0)), 'apl_a', found);
  return out(`(CASE WHEN ${occurrence} < 0 OR ${length} < -1 THEN NULL ELSE coalesce(${answer}, -1) END)`, 'long');
});

/** Elements that are not numbers are skipped; timespan texts count as their nanoseconds (the array_sum page sums make_list(duration)). */
define('array_sum', (site) => {
  const element = `coalesce(TRY_CAST(json_extract_string(apl_e, '$') AS DOUBLE), CASE WHEN json_type(apl_e) = 'VARCHAR' THEN apl_duration_nanos(json_extract_string(apl_e, '$')) END)`;
  return out(`list_sum(list_transform(${jsonList(site.arg(0))}, apl_e -> ${element}))`, 'real');
});

/**
 * Element-wise iff (Kusto): a boolean condition picks its branch, a number is true when not 0, any
 * other condition gives null. A branch is an array (null past its end) or one value for every element.
 */
define('array_iff', (site) => {
  const condition = 'apl_c';
  const truth = `(CASE json_type(${condition}) WHEN 'BOOLEAN' THEN CAST(${condition} AS BOOLEAN) WHEN 'BIGINT' THEN CAST(${condition} AS DOUBLE) <> 0 WHEN 'UBIGINT' THEN CAST(${condition} AS DOUBLE) <> 0 WHEN 'DOUBLE' THEN CAST(${condition} AS DOUBLE) <> 0 END)`;
  const branches = [site.arg(1), site.arg(2)].map((value, i) => ({ value, name: `apl_b${i}` }));
  // A dynamic branch is bound as its value and as its list (null when it is not an array).
  const pick = ({ value, name }: { value: Compiled; name: string }) => (value.type === 'dynamic' ? `(CASE WHEN ${name}_l IS NULL THEN ${name} ELSE ${name}_l[apl_i] END)` : asJson(value));
  const element = `CASE WHEN ${truth} THEN ${pick(branches[0]!)} WHEN NOT ${truth} THEN ${pick(branches[1]!)} END`;
  let body = json(`list_transform(apl_cs, (apl_c, apl_i) -> ${element})`);
  for (const { value, name } of branches) if (value.type === 'dynamic') body = bind(value.sql, name, bind(`TRY_CAST(${name} AS JSON[])`, `${name}_l`, body));
  return out(bind(jsonList(site.arg(0)), 'apl_cs', body), 'dynamic', true);
});

define('array_rotate_left', (site) => out(rotate(site, false), 'dynamic', true));
define('array_rotate_right', (site) => out(rotate(site, true), 'dynamic', true));
/** Moves elements by n places with wrap-around; a negative count rotates the other way. */
function rotate(site: CallSite, right: boolean): string {
  const count = bigint(site.arg(1));
  const size = `greatest(len(apl_a), 1)`;
  const shift = `(((${right ? `-${count}` : count}) % ${size} + ${size}) % ${size})`;
  return bind(jsonList(site.arg(0)), 'apl_a', json(`list_concat(apl_a[${shift} + 1 :], apl_a[1 : ${shift}])`));
}

define('array_shift_left', (site) => out(shift(site, false), 'dynamic', true));
define('array_shift_right', (site) => out(shift(site, true), 'dynamic', true));
/**
 * Moves elements by n places (1 when not given); a negative count shifts the other way. The places
 * left behind take the fill value, null by default (Kusto's default_value).
 */
function shift(site: CallSite, right: boolean): string {
  const count = optional(site, 1, '1', bigint);
  const fill = optional(site, 2, 'CAST(NULL AS JSON)', asJson);
  // Places moved toward the start, at most the array's length either way.
  const toStart = `least(greatest(${right ? `-${count}` : count}, -len(apl_a)), len(apl_a))`;
  const left = `list_resize(apl_a[apl_k + 1 :], len(apl_a), ${fill})`;
  const rightward = `list_concat(list_resize(CAST([] AS JSON[]), -apl_k, ${fill}), apl_a[1 : len(apl_a) + apl_k])`;
  return bind(jsonList(site.arg(0)), 'apl_a', bind(toStart, 'apl_k', json(`CASE WHEN apl_k >= 0 THEN ${left} ELSE ${rightward} END`)));
}

/**
 * The values a JSON path selects, always as an array. Scalars come back as their texts, objects and
 * arrays as they are: the reference extracts `$[*].value` of booleans as ["true", "false"].
 */
define('array_extract', (site) => {
  const source = asJson(site.arg(0));
  const path = asString(site.arg(1));
  const selected = `json_extract(${source}, ${path})`;
  const pathNode = site.raw[1];
  // DuckDB answers a list for a (constant) path with a wildcard and one value otherwise.
  const wildcard = pathNode?.kind === 'Literal' && typeof pathNode.value === 'string' && pathNode.value.includes('*');
  const matches = wildcard ? `coalesce(${selected}, [])` : `(CASE WHEN ${selected} IS NULL THEN [] ELSE [${selected}] END)`;
  const asText = `apl_m -> CASE WHEN json_type(apl_m) IN ('OBJECT', 'ARRAY', 'NULL') THEN apl_m ELSE to_json(json_extract_string(apl_m, '$')) END`;
  return out(json(`list_transform(${matches}, ${asText})`), 'dynamic', true);
});

define('array_select_dict', (site) => {
  const array = jsonList(site.arg(0));
  const key = asString(site.arg(1));
  const test = `json_extract(apl_d, '$."' || ${key} || '"') = ${asJson(site.arg(2))}`;
  return out(`list_filter(${array}, apl_d -> json_type(apl_d) = 'OBJECT' AND ${test})[1]`, 'dynamic');
});

define('array_split', (site) => {
  const at = site.arg(1);
  const cuts = at.type === 'dynamic' ? `list_transform(${jsonList(at)}, apl_c -> CAST(json_extract_string(apl_c, '$') AS BIGINT))` : `[${bigint(at)}]`;
  const bounds = `list_concat([0], list_transform(${cuts}, apl_c -> CASE WHEN apl_c < 0 THEN len(apl_a) + apl_c ELSE least(apl_c, len(apl_a)) END), [len(apl_a)])`;
  const pieces = json(`list_transform(range(len(apl_b) - 1), apl_i -> apl_a[apl_b[apl_i + 1] + 1 : apl_b[apl_i + 2]])`);
  return out(bind(jsonList(site.arg(0)), 'apl_a', bind(bounds, 'apl_b', pieces)), 'dynamic', true);
});

define('len', (site) => {
  const value = site.arg(0);
  if (value.type === 'dynamic') return out(`(CASE json_type(${value.sql}) WHEN 'ARRAY' THEN json_array_length(${value.sql}) WHEN 'VARCHAR' THEN length(json_extract_string(${value.sql}, '$')) END)`, 'long');
  return out(`length(${asString(value)})`, 'long');
});

define('strcat_array', (site) => out(`array_to_string(list_transform(${jsonList(site.arg(0))}, apl_e -> ${jsonElementText('apl_e')}), ${asString(site.arg(1))})`, 'string'));

define('toarray', (site) => {
  const value = site.arg(0);
  if (value.type !== 'dynamic') return out(`json_array(${asJson(value)})`, 'dynamic', true);
  const object = `map_values(CAST(${value.sql} AS MAP(VARCHAR, JSON)))`;
  return out(`(CASE json_type(${value.sql}) WHEN 'ARRAY' THEN ${value.sql} WHEN 'OBJECT' THEN ${json(object)} WHEN 'NULL' THEN '[]'::JSON ELSE json_array(${value.sql}) END)`, 'dynamic', true);
});
