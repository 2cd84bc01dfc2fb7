/** APL functions compiled to calls of the host functions of hostFunctions.ts, and ensure_field. */
import { findColumn } from './expressions.ts';
import { asJson, asNumber, asString, coerceTo } from './coercions.ts';
import { define, literalString, out, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';
import { ident } from './sql.ts';
import { sqlTypeOf, typeFromName } from './types.ts';

define('hash_sha512', (site) => out(`apl_sha512(${asString(site.arg(0))})`, 'string'));

/** -1/0/1, or null when either side is not an address; the prefix is the shortest given. */
const compare = (a: string, b: string, bits = '128') => `apl_ipv6_compare(${a}, ${b}, CAST(${bits} AS BIGINT))`;
define('ipv6_compare', (site) => out(compare(asString(site.arg(0)), asString(site.arg(1)), site.raw.length > 2 ? asNumber(site.arg(2)) : undefined), 'long'));
define('ipv6_is_match', (site) => out(`coalesce(${compare(asString(site.arg(0)), asString(site.arg(1)), site.raw.length > 2 ? asNumber(site.arg(2)) : undefined)} = 0, FALSE)`, 'bool'));
define('ipv6_is_in_range', (site) => out(`coalesce(${compare(asString(site.arg(0)), asString(site.arg(1)))} = 0, FALSE)`, 'bool'));
define('ipv6_is_in_any_range', (site) => out(`coalesce(list_bool_or(list_transform(${ranges(site)}, apl_r -> ${compare(asString(site.arg(0)), 'apl_r')} = 0)), FALSE)`, 'bool'));

/** The ranges argument(s): one dynamic array, or several texts. */
function ranges(site: CallSite): string {
  const rest = site.raw.slice(1).map((_, i) => site.arg(i + 1));
  if (rest.length === 1 && rest[0]!.type === 'dynamic') return `list_transform(CAST(${asJson(rest[0]!)} AS JSON[]), apl_v -> json_extract_string(apl_v, '$'))`;
  return `[${rest.map(asString).join(', ')}]`;
}

define('parse_sql', (site) => out(`CAST(apl_parse_sql(${asString(site.arg(0))}) AS JSON)`, 'dynamic'));
define('format_sql', (site) => out(`coalesce(apl_format_sql(CAST(${asJson(site.arg(0))} AS VARCHAR)), '')`, 'string'));
define('series_iir', (site) =>
  out(`CAST(apl_series_iir(CAST(${asJson(site.arg(0))} AS VARCHAR), CAST(${asJson(site.arg(1))} AS VARCHAR), CAST(${asJson(site.arg(2))} AS VARCHAR)) AS JSON)`, 'dynamic', true),
);

/** `ensure_field("name", typeof(type))`: the field converted to the type, or a null of that type when it is absent. */
define('ensure_field', (site) => {
  const name = literalString(site, 0);
  const typeNode = site.raw[1];
  const type = typeNode?.kind === 'TypeOf' ? typeFromName(typeNode.typeName.name) : undefined;
  if (!type) throw site.fail('ensure_field() expects a field name and typeof(<type>)');
  const column = findColumn(site.scope.columns, name);
  if (!column) return out(`CAST(NULL AS ${sqlTypeOf(type)})`, type);
  const value: Compiled = { sql: ident(column.name), type: column.type, array: column.array };
  const converted = coerceTo(value, type);
  return { sql: converted.type === column.type && column.type !== type ? `CAST(${converted.sql} AS ${sqlTypeOf(type)})` : converted.sql, type };
});
