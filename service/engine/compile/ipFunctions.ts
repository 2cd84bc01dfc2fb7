/** IPv4 functions over the address macros of macros.ts (`apl_ipv4`, `apl_ipv4_prefix`, ...). */
import { asJson, asNumber, asString } from './coercions.ts';
import { define, out, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';
import { isNumeric } from './types.ts';

const text = (value: Compiled) => asString(value);
const address = (value: Compiled) => (isNumeric(value.type) ? `CAST(${value.sql} AS BIGINT)` : `apl_ipv4(${text(value)})`);
const prefixOf = (value: Compiled) => (isNumeric(value.type) ? '32' : `apl_ipv4_prefix(${text(value)})`);

/** The address texts of a call's list arguments: a dynamic array or several scalar arguments. */
function listed(site: CallSite, from: number): string {
  const rest = site.raw.slice(from).map((_, i) => site.arg(from + i));
  if (rest.length === 1 && rest[0]!.type === 'dynamic') return `list_transform(CAST(${asJson(rest[0]!)} AS JSON[]), apl_v -> json_extract_string(apl_v, '$'))`;
  return `[${rest.map(text).join(', ')}]`;
}

// An address in IP-prefix notation is masked to its prefix ('192.168.1.1/24' is 192.168.1.0; Kusto's example).
define('parse_ipv4', (site) => out(isNumeric(site.arg(0).type) ? address(site.arg(0)) : `apl_ipv4_masked(${address(site.arg(0))}, ${prefixOf(site.arg(0))})`, 'long'));
define('parse_ipv4_mask', (site) => out(`apl_ipv4_masked(${address(site.arg(0))}, least(${prefixOf(site.arg(0))}, ${asNumber(site.arg(1))}))`, 'long'));
define('ipv4_netmask_suffix', (site) => out(`(CASE WHEN ${address(site.arg(0))} IS NOT NULL THEN ${prefixOf(site.arg(0))} END)`, 'long'));
define('format_ipv4', (site) => {
  const ip = address(site.arg(0));
  const masked = site.raw.length > 1 ? `apl_ipv4_masked(${ip}, ${asNumber(site.arg(1))})` : ip;
  return out(`coalesce(apl_ipv4_text(${masked}), '')`, 'string');
});
define('format_ipv4_mask', (site) => {
  const ip = address(site.arg(0));
  const bits = site.raw.length > 1 ? `least(${prefixOf(site.arg(0))}, ${asNumber(site.arg(1))})` : prefixOf(site.arg(0));
  return out(`coalesce(apl_ipv4_text(apl_ipv4_masked(${ip}, ${bits})) || '/' || CAST(${bits} AS VARCHAR), '')`, 'string');
});

/** -1, 0 or 1 comparing two addresses under the narrower of their prefixes (and an explicit one). */
function compare(site: CallSite): string {
  const [a, b] = [site.arg(0), site.arg(1)];
  let bits = `least(${prefixOf(a)}, ${prefixOf(b)})`;
  if (site.raw.length > 2) bits = `least(${bits}, ${asNumber(site.arg(2))})`;
  return `sign(apl_ipv4_masked(${address(a)}, ${bits}) - apl_ipv4_masked(${address(b)}, ${bits}))`;
}
define('ipv4_compare', (site) => out(`CAST(${compare(site)} AS BIGINT)`, 'long'));
define('ipv4_is_match', (site) => out(`(${compare(site)} = 0)`, 'bool'));

function inRange(ip: string, range: string): string {
  const bits = `apl_ipv4_prefix(${range})`;
  return `(apl_ipv4_masked(${ip}, ${bits}) = apl_ipv4_masked(apl_ipv4(${range}), ${bits}))`;
}
define('ipv4_is_in_range', (site) => out(inRange(address(site.arg(0)), text(site.arg(1))), 'bool'));
define('ipv4_is_in_any_range', (site) => out(`list_bool_or(list_transform(${listed(site, 1)}, apl_r -> ${inRange(address(site.arg(0)), 'apl_r')}))`, 'bool'));
define('ipv4_is_private', (site) => {
  const ip = address(site.arg(0));
  return out(`(${['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((range) => inRange(ip, `'${range}'`)).join(' OR ')})`, 'bool');
});

/** Every IPv4-shaped token of a text, bounded by characters that cannot continue an address. */
const addressesIn = (source: string) => `list_transform(regexp_extract_all(${source}, '(?:^|[^\\w.])(\\d{1,3}(?:\\.\\d{1,3}){3})(?:$|[^\\w.])', 1), apl_t -> apl_t)`;

function hasAny(site: CallSite, test: (token: string, wanted: string) => string): string {
  return `coalesce(list_bool_or(list_transform(${addressesIn(text(site.arg(0)))}, apl_t -> list_bool_or(list_transform(${listed(site, 1)}, apl_w -> ${test('apl_t', 'apl_w')})))), FALSE)`;
}
const sameAddress = (token: string, wanted: string) => `(CASE WHEN contains(${wanted}, '/') THEN ${inRange(`apl_ipv4(${token})`, wanted)} ELSE apl_ipv4(${token}) = apl_ipv4(${wanted}) END)`;
const startsWithPrefix = (token: string, wanted: string) => `(apl_ipv4(${token}) IS NOT NULL AND starts_with(${token}, ${wanted}))`;
define('has_ipv4', (site) => out(hasAny(site, sameAddress), 'bool'));
define('has_any_ipv4', (site) => out(hasAny(site, sameAddress), 'bool'));
define('has_ipv4_prefix', (site) => out(hasAny(site, startsWithPrefix), 'bool'));
define('has_any_ipv4_prefix', (site) => out(hasAny(site, startsWithPrefix), 'bool'));

/** The location from GeoLite2 (host function apl_geo_info, geoLocation.ts); null when the address is not listed. */
define('geo_info_from_ip_address', (site) => out(`CAST(apl_geo_info(${text(site.arg(0))}) AS JSON)`, 'dynamic'));
