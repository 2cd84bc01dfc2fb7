/**
 * The array functions (array_*, strcat_array, len, toarray). Dynamic values are JSON; arrays are worked
 * on as JSON[] lists with lambdas whose parameters carry an `apl_` prefix so they never shadow a column.
 * Every lambda walks a list once (or a range as long as it), so the work is linear in the array.
 */
import { asJson, asNumber, asString } from './coercions.ts';
import { define, out, simple, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';

const num = (value: Compiled) => asNumber(value);
const bigint = (value: Compiled) => `CAST(${num(value)} AS BIGINT)`;
/** The value as a JSON[] list; null when it is not an array. */
export const jsonList = (value: Compiled) => `TRY_CAST(${asJson(value)} AS JSON[])`;
const json = (sql: string) => `to_json(${sql})`;
/** A JSON element as text: strings unquoted, everything else in its JSON form. */
const elementText = (element: string) => `(CASE WHEN json_type(${element}) = 'VARCHAR' THEN json_extract_string(${element}, '$') ELSE CAST(${element} AS VARCHAR) END)`;
/** An optional argument, or its default. */
const optional = (site: CallSite, index: number, fallback: string, compile: (value: Compiled) => string) => (site.raw.length > index ? compile(site.arg(index)) : fallback);

simple('array_length', 'long', (a) => `(CASE WHEN json_type(${a}) = 'ARRAY' THEN CAST(json_array_length(${a}) AS BIGINT) END)`, asJson);
define('array_concat', (site) => out(json(`flatten([${site.all().map((c) => `CAST(${asJson(c)} AS JSON[])`).join(', ')}])`), 'dynamic', true));
define('array_reverse', (site) => out(json(`list_reverse(CAST(${asJson(site.arg(0))} AS JSON[]))`), 'dynamic', true));
define('array_sort_asc', (site) => out(json(`list_sort(CAST(${asJson(site.arg(0))} AS JSON[]))`), 'dynamic', true));
define('array_sort_desc', (site) => out(json(`list_reverse_sort(CAST(${asJson(site.arg(0))} AS JSON[]))`), 'dynamic', true));

define('array_slice', (site) => {
  const array = `CAST(${asJson(site.arg(0))} AS JSON[])`;
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
  const array = jsonList(site.arg(0));
  const lookup = asJson(site.arg(1));
  const start = optional(site, 2, '0', bigint);
  const length = optional(site, 3, '-1', bigint);
  const occurrence = optional(site, 4, '1', bigint);
  const from = `(CASE WHEN ${start} < 0 THEN greatest(len(${array}) + ${start}, 0) ELSE ${start} END)`;
  const to = `(CASE WHEN ${length} = -1 OR ${length} >= len(${array}) - ${from} THEN len(${array}) ELSE ${from} + ${length} END)`;
  const matches = `list_filter(range(${from}, ${to}), apl_i -> ${array}[apl_i + 1] = ${lookup})`;
  return out(`(CASE WHEN ${occurrence} < 0 OR ${length} < -1 THEN NULL ELSE coalesce(${matches}[${occurrence}], -1) END)`, 'long');
});

/** Elements that are not numbers are skipped; timespan texts count as their nanoseconds (the array_sum page sums make_list(duration)). */
define('array_sum', (site) => {
  const element = `coalesce(TRY_CAST(json_extract_string(apl_e, '$') AS DOUBLE), CASE WHEN json_type(apl_e) = 'VARCHAR' THEN apl_duration_nanos(json_extract_string(apl_e, '$')) END)`;
  return out(`list_sum(list_transform(CAST(${asJson(site.arg(0))} AS JSON[]), apl_e -> ${element}))`, 'real');
});

/**
 * Element-wise iff (Kusto): a boolean condition picks its branch, a number is true when not 0, any
 * other condition gives null. A branch is an array (null past its end) or one value for every element.
 */
define('array_iff', (site) => {
  const conditions = jsonList(site.arg(0));
  const condition = `${conditions}[apl_i + 1]`;
  const truth = `(CASE json_type(${condition}) WHEN 'BOOLEAN' THEN CAST(${condition} AS BOOLEAN) WHEN 'BIGINT' THEN CAST(${condition} AS DOUBLE) <> 0 WHEN 'UBIGINT' THEN CAST(${condition} AS DOUBLE) <> 0 WHEN 'DOUBLE' THEN CAST(${condition} AS DOUBLE) <> 0 END)`;
  const pick = (value: Compiled) => {
    if (value.type !== 'dynamic') return asJson(value);
    return `(CASE WHEN json_type(${value.sql}) = 'ARRAY' THEN ${jsonList(value)}[apl_i + 1] ELSE ${value.sql} END)`;
  };
  const element = `CASE WHEN ${truth} THEN ${pick(site.arg(1))} WHEN NOT ${truth} THEN ${pick(site.arg(2))} END`;
  return out(json(`list_transform(range(len(${conditions})), apl_i -> ${element})`), 'dynamic', true);
});

define('array_rotate_left', (site) => out(rotate(site, false), 'dynamic', true));
define('array_rotate_right', (site) => out(rotate(site, true), 'dynamic', true));
/** Moves elements by n places with wrap-around; a negative count rotates the other way. */
function rotate(site: CallSite, right: boolean): string {
  const array = jsonList(site.arg(0));
  const count = bigint(site.arg(1));
  const size = `greatest(len(${array}), 1)`;
  const shift = `(((${right ? `-${count}` : count}) % ${size} + ${size}) % ${size})`;
  return json(`list_concat(${array}[${shift} + 1 :], ${array}[1 : ${shift}])`);
}

define('array_shift_left', (site) => out(shift(site, false), 'dynamic', true));
define('array_shift_right', (site) => out(shift(site, true), 'dynamic', true));
/**
 * Moves elements by n places (1 when not given); a negative count shifts the other way. The places
 * left behind take the fill value, null by default (Kusto's default_value).
 */
function shift(site: CallSite, right: boolean): string {
  const array = jsonList(site.arg(0));
  const count = optional(site, 1, '1', bigint);
  const fill = optional(site, 2, 'NULL', asJson);
  const from = right ? `apl_i - ${count}` : `apl_i + ${count}`;
  return json(`list_transform(range(len(${array})), apl_i -> CASE WHEN ${from} BETWEEN 0 AND len(${array}) - 1 THEN ${array}[${from} + 1] ELSE ${fill} END)`);
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
  const array = jsonList(site.arg(0));
  const at = site.arg(1);
  const cuts = at.type === 'dynamic' ? `list_transform(${jsonList(at)}, apl_c -> CAST(json_extract_string(apl_c, '$') AS BIGINT))` : `[${bigint(at)}]`;
  const bounds = `list_concat([0], list_transform(${cuts}, apl_c -> CASE WHEN apl_c < 0 THEN len(${array}) + apl_c ELSE least(apl_c, len(${array})) END), [len(${array})])`;
  return out(json(`list_transform(range(len(${bounds}) - 1), apl_i -> ${array}[${bounds}[apl_i + 1] + 1 : ${bounds}[apl_i + 2]])`), 'dynamic', true);
});

define('len', (site) => {
  const value = site.arg(0);
  if (value.type === 'dynamic') return out(`(CASE json_type(${value.sql}) WHEN 'ARRAY' THEN json_array_length(${value.sql}) WHEN 'VARCHAR' THEN length(json_extract_string(${value.sql}, '$')) END)`, 'long');
  return out(`length(${asString(value)})`, 'long');
});

define('strcat_array', (site) => out(`array_to_string(list_transform(${jsonList(site.arg(0))}, apl_e -> ${elementText('apl_e')}), ${asString(site.arg(1))})`, 'string'));

define('toarray', (site) => {
  const value = site.arg(0);
  if (value.type !== 'dynamic') return out(`json_array(${asJson(value)})`, 'dynamic', true);
  const object = `list_transform(json_keys(${value.sql}), apl_k -> json_extract(${value.sql}, '$."' || apl_k || '"'))`;
  return out(`(CASE json_type(${value.sql}) WHEN 'ARRAY' THEN ${value.sql} WHEN 'OBJECT' THEN ${json(object)} WHEN 'NULL' THEN '[]'::JSON ELSE json_array(${value.sql}) END)`, 'dynamic', true);
});
