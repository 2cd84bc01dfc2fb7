/**
 * Property bags and packing: bag_keys, bag_has_key, bag_zip, bag_pack (pack, pack_dictionary),
 * pack_array and dynamic_to_json. Values enter bags and arrays through asJson, so datetimes and
 * timespans are kept as their APL texts.
 */
import { asJson, asString } from './coercions.ts';
import { bind, jsonList } from './arrayFunctions.ts';
import { define, out, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';
import { ident, stringLiteral } from './sql.ts';
import type { Column } from './types.ts';

const isObject = (json: string) => `json_type(${json}) = 'OBJECT'`;

/** `pack_array(*)`, `bag_pack(*)`: the row's columns (the pack-array page); undefined for other arguments. */
function rowColumns(site: CallSite): Column[] | undefined {
  return site.raw.length === 1 && site.raw[0]!.kind === 'Star' ? [...site.scope.columns] : undefined;
}
const columnValue = (column: Column): Compiled => ({ sql: ident(column.name), type: column.type, array: column.array });

define('pack_array', (site) => {
  const values = rowColumns(site)?.map(columnValue) ?? site.all();
  return out(`json_array(${values.map(asJson).join(', ')})`, 'dynamic', true);
});
define(['pack', 'bag_pack', 'pack_dictionary'], (site) => {
  const columns = rowColumns(site);
  const pairs: string[] = [];
  if (columns) for (const column of columns) pairs.push(`${stringLiteral(column.name)}, ${asJson(columnValue(column))}`);
  else {
    const args = site.all();
    for (let i = 0; i + 1 < args.length; i += 2) pairs.push(`${asString(args[i]!)}, ${asJson(args[i + 1]!)}`);
  }
  return out(`json_object(${pairs.join(', ')})`, 'dynamic');
});

// The reference: "If the input isn't a dynamic object, the function returns null."
define('bag_keys', (site) => {
  const bag = asJson(site.arg(0));
  return out(`(CASE WHEN ${isObject(bag)} THEN to_json(json_keys(${bag})) END)`, 'dynamic', true);
});

/**
 * A literal key starting with `$` is a JSONPath to a nested key (Kusto: `bag_has_key(bag, '$.a.b')`,
 * without array indexing); any other key, and a key computed per row, names a key of the bag itself.
 */
define('bag_has_key', (site) => {
  const bag = asJson(site.arg(0));
  const keyNode = site.raw[1];
  if (keyNode?.kind === 'Literal' && typeof keyNode.value === 'string' && keyNode.value.startsWith('$')) {
    const keys = jsonPathKeys(keyNode.value);
    if (!keys) throw site.fail(`bag_has_key(): "${keyNode.value}" is not a JSONPath of keys ($.a.b or $['a']['b'])`);
    const path = `$${keys.map((key) => `."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join('')}`;
    return out(`coalesce(${isObject(bag)} AND json_exists(${bag}, ${stringLiteral(path)}), FALSE)`, 'bool');
  }
  return out(`coalesce(${isObject(bag)} AND list_contains(json_keys(${bag}), ${asString(site.arg(1))}), FALSE)`, 'bool');
});

/** The keys of a JSONPath written `$.a.b`, `$['a']` or `$["a"]`; undefined for anything else. */
function jsonPathKeys(path: string): string[] | undefined {
  const segment = /\.([^.[\]'"]+)|\['([^']*)'\]|\["([^"]*)"\]/y;
  const keys: string[] = [];
  segment.lastIndex = 1;
  while (segment.lastIndex < path.length) {
    const match = segment.exec(path);
    if (!match) return undefined;
    keys.push(match[1] ?? match[2] ?? match[3]!);
  }
  return keys.length > 0 ? keys : undefined;
}

/**
 * Keys paired with values up to the shorter array (the reference); keys that are not strings are skipped
 * (Kusto), a key written twice keeps its first value, and anything but two arrays gives null.
 */
define('bag_zip', (site) => {
  const names = `list_transform(apl_k[1 : least(len(apl_k), len(apl_v))], apl_e -> CASE WHEN json_type(apl_e) = 'VARCHAR' THEN json_extract_string(apl_e, '$') END)`;
  // Sorting positions by name finds each name's first position in n log n (a search per key would be quadratic).
  const firsts = `list_filter(range(1, len(apl_n) + 1), apl_p -> apl_n[apl_o[apl_p]] IS NOT NULL AND (apl_p = 1 OR apl_n[apl_o[apl_p]] <> apl_n[apl_o[apl_p - 1]]))`;
  const entries = `list_transform(list_sort(list_transform(${firsts}, apl_p -> apl_o[apl_p])), apl_i -> {'k': apl_n[apl_i], 'v': apl_v[apl_i]})`;
  const bag = bind(names, 'apl_n', bind('list_grade_up(apl_n)', 'apl_o', `to_json(map_from_entries(${entries}))`));
  // TRY_CAST gives null for what is not an array, and the bag is then null.
  return out(bind(jsonList(site.arg(0)), 'apl_k', bind(jsonList(site.arg(1)), 'apl_v', `CASE WHEN apl_k IS NOT NULL AND apl_v IS NOT NULL THEN ${bag} END`)), 'dynamic');
});

/**
 * Canonical JSON text: bags with their pairs sorted by name at every depth (the reference). A value
 * of another type is its tostring().
 */
define('dynamic_to_json', (site) => {
  const value = site.arg(0);
  if (value.type !== 'dynamic') return out(`coalesce(${asString(value)}, '')`, 'string');
  return out(`apl_canonical_json(CAST(${value.sql} AS VARCHAR))`, 'string');
});
