/**
 * Scalar functions beyond the core set: sets, type tests, pairs, URL and path parsing, text
 * utilities, hashing and metadata (arrays and bags are in arrayFunctions.ts and bagFunctions.ts). Dynamic values are JSON; arrays are worked on as
 * JSON[] lists with lambdas whose parameters carry an `apl_` prefix so they never shadow a column.
 */
import { findColumn } from './expressions.ts';
import { asJson, asNumber, asRegex, asString } from './coercions.ts';
import { define, literalString, out, simple, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';
import { ident, stringLiteral } from './sql.ts';
import { isInteger } from './types.ts';
import { cappedCount, maxStringBytes, textTooLongError } from '../limits.ts';

const str = (value: Compiled) => asString(value);
const num = (value: Compiled) => asNumber(value);
const list = (value: Compiled) => `TRY_CAST(${asJson(value)} AS JSON[])`;
const json = (sql: string) => `to_json(${sql})`;
const dynamicType = (value: Compiled) => `json_type(${asJson(value)})`;

// Sets -------------------------------------------------------------------------------------------

/** Distinct elements in first-seen order. */
const distinct = (array: string) => `list_filter(${array}, (apl_e, apl_i) -> list_position(${array}, apl_e) = apl_i)`;
define('set_has_element', (site) => out(`coalesce(list_contains(${list(site.arg(0))}, ${asJson(site.arg(1))}), FALSE)`, 'bool'));
define('set_union', (site) => out(json(distinct(`flatten([${site.all().map(list).join(', ')}])`)), 'dynamic', true));
define('set_intersect', (site) => {
  const [first, ...rest] = site.all().map(list);
  return out(json(distinct(`list_filter(${first}, apl_e -> ${rest.map((other) => `list_contains(${other}, apl_e)`).join(' AND ') || 'TRUE'})`)), 'dynamic', true);
});
define('set_difference', (site) => {
  const [first, ...rest] = site.all().map(list);
  return out(json(distinct(`list_filter(${first}, apl_e -> NOT (${rest.map((other) => `coalesce(list_contains(${other}, apl_e), FALSE)`).join(' OR ') || 'FALSE'}))`)), 'dynamic', true);
});
define('range', (site) => {
  const [start, stop] = [site.arg(0), site.arg(1)];
  const time = start.type === 'datetime' || start.type === 'timespan';
  // The default step is 1, or 1h for datetimes and timespans (the reference). Past 2^20 values the
  // array is truncated, as Kusto's is (limits.ts).
  const step = site.raw.length > 2 ? site.arg(2) : time ? { sql: `INTERVAL 1 hour`, type: 'timespan' as const } : { sql: '1', type: 'long' as const };
  if (time) {
    const count = `CAST(floor(epoch(${stop.sql} - ${start.sql}) / epoch(${step.sql})) AS BIGINT) + 1`;
    const element = `${start.sql} + apl_i * ${step.sql}`;
    const text = asString({ sql: element, type: start.type });
    return out(json(`list_transform(range(${cappedCount(`greatest(${count}, 0)`)}), apl_i -> ${text})`), 'dynamic', true);
  }
  const integer = isInteger(start.type) && isInteger(step.type);
  const count = `CAST(floor((${num(stop)} - ${num(start)}) / ${num(step)}) AS BIGINT) + 1`;
  const element = integer ? `CAST(${num(start)} + apl_i * ${num(step)} AS BIGINT)` : `(${num(start)} + apl_i * ${num(step)})`;
  return out(json(`list_transform(range(${cappedCount(`greatest(${count}, 0)`)}), apl_i -> ${element})`), 'dynamic', true);
});

// Type tests -------------------------------------------------------------------------------------

function typeTest(name: string, staticTypes: string[], jsonTypes: string[]): void {
  define(name, (site) => {
    const value = site.arg(0);
    if (value.type !== 'dynamic') return out(`(${value.sql} IS NOT NULL AND ${staticTypes.includes(value.type) ? 'TRUE' : 'FALSE'})`, 'bool');
    return out(`coalesce(${dynamicType(value)} IN (${jsonTypes.map(stringLiteral).join(', ')}), FALSE)`, 'bool');
  });
}
typeTest('isarray', [], ['ARRAY']);
typeTest('ismap', [], ['OBJECT']);
typeTest('isstring', ['string'], ['VARCHAR']);
typeTest('isbool', ['bool'], ['BOOLEAN']);
typeTest('isreal', ['real'], ['DOUBLE']);
define('isint', (site) => {
  const value = site.arg(0);
  if (isInteger(value.type)) return out(`(${value.sql} IS NOT NULL)`, 'bool');
  return out(`coalesce(${num(value)} = trunc(${num(value)}), FALSE)`, 'bool');
});
define('isascii', (site) => out(`regexp_full_match(${str(site.arg(0))}, '[\\x00-\\x7F]*')`, 'bool'));
// DuckDB strings are always valid UTF-8.
define('isutf8', (site) => out(`(${str(site.arg(0))} IS NOT NULL)`, 'bool'));

/** The Luhn checksum over a text of digits. */
function luhn(digits: string): string {
  const reversed = `list_transform(string_split(reverse(${digits}), ''), apl_c -> TRY_CAST(apl_c AS INTEGER))`;
  return `(list_sum(list_transform(${reversed}, (apl_d, apl_i) -> CASE WHEN apl_i % 2 = 0 THEN (CASE WHEN apl_d * 2 > 9 THEN apl_d * 2 - 9 ELSE apl_d * 2 END) ELSE apl_d END)) % 10 = 0)`;
}
define('iscc', (site) => {
  const digits = `regexp_replace(${str(site.arg(0))}, '[ -]', '', 'g')`;
  return out(`coalesce(regexp_full_match(${digits}, '\\d{13,19}') AND ${luhn(digits)}, FALSE)`, 'bool');
});
define('isimei', (site) => {
  const text = str(site.arg(0));
  return out(`coalesce(regexp_full_match(${text}, '\\d{15}') AND ${luhn(text)}, FALSE)`, 'bool');
});

// Conversions and hashing ------------------------------------------------------------------------

define('tohex', (site) => {
  const value = `lower(hex(CAST(${num(site.arg(0))} AS BIGINT)))`;
  if (site.raw.length > 1) {
    const width = `CAST(${num(site.arg(1))} AS INTEGER)`;
    const refusal = textTooLongError('tohex');
    return out(`(CASE WHEN ${width} > ${maxStringBytes} THEN ${refusal} ELSE lpad(${value}, CAST(greatest(${width}, length(${value})) AS INTEGER), '0') END)`, 'string');
  }
  return out(value, 'string');
});
define('hash', (site) => {
  const value = site.arg(0);
  const salted = site.raw.length > 1 ? `hash(${value.sql}, ${site.arg(1).sql})` : `hash(${value.sql})`;
  return out(`CAST(CAST(${salted} AS HUGEINT) - 9223372036854775808 AS BIGINT)`, 'long');
});
simple('gamma', 'real', (x) => `(CASE WHEN NOT (${x} <= 0 AND ${x} = floor(${x})) THEN gamma(${x}) END)`, num);
simple('loggamma', 'real', (x) => `(CASE WHEN NOT (${x} <= 0 AND ${x} = floor(${x})) THEN lgamma(${x}) END)`, num);
define('rand', (site) => {
  if (site.raw.length === 0) return out('random()', 'real');
  return out(`CAST(floor(random() * ${num(site.arg(0))}) AS BIGINT)`, 'long');
});
define('base64_decode_toarray', (site) => {
  const bytes = `TRY(from_base64(${str(site.arg(0))}))`;
  return out(`coalesce(${json(`list_transform(range(octet_length(${bytes})), apl_i -> CAST('0x' || substr(hex(${bytes}), 2 * apl_i + 1, 2) AS INTEGER))`)}, '[]'::JSON)`, 'dynamic', true);
});
define('base64_encode_fromarray', (site) => {
  const hexText = `array_to_string(list_transform(${list(site.arg(0))}, apl_b -> lpad(hex(CAST(json_extract_string(apl_b, '$') AS INTEGER)), 2, '0')), '')`;
  return out(`to_base64(unhex(${hexText}))`, 'string');
});

// Text -------------------------------------------------------------------------------------------

define('countof_regex', (site) => out(`len(regexp_extract_all(${str(site.arg(1))}, ${asRegex(site.arg(0))}))`, 'long'));
/** `indexof_regex(text, regex[, start[, occurrence[, length]]])`; null for start < 0, occurrence < 1 or length < -1. */
define('indexof_regex', (site) => {
  const text = str(site.arg(0));
  const regex = asRegex(site.arg(1));
  const start = site.raw.length > 2 ? `CAST(${num(site.arg(2))} AS BIGINT)` : '0';
  const occurrence = site.raw.length > 3 ? `CAST(${num(site.arg(3))} AS BIGINT)` : '1';
  const length = site.raw.length > 4 ? `CAST(${num(site.arg(4))} AS BIGINT)` : '-1';
  const window = `substr(${text}, ${start} + 1, CASE WHEN ${length} = -1 THEN length(${text}) + 1 ELSE ${length} END)`;
  const pieces = `regexp_split_to_array(${window}, ${regex})`;
  const matches = `regexp_extract_all(${window}, ${regex})`;
  const position = `(CASE WHEN len(${matches}) < ${occurrence} THEN -1 ELSE ${start} + list_sum(list_transform(${pieces}[1:${occurrence}], apl_p -> length(apl_p))) + coalesce(list_sum(list_transform(${matches}[1:${occurrence} - 1], apl_m -> length(apl_m))), 0) END)`;
  return out(`(CASE WHEN ${text} IS NULL OR ${start} < 0 OR ${occurrence} < 1 OR ${length} < -1 THEN NULL ELSE ${position} END)`, 'long');
});
define('string_size', (site) => out(`strlen(${str(site.arg(0))})`, 'long'));
define('strip_ansi_escapes', (site) => out(`regexp_replace(${str(site.arg(0))}, '\\x1b\\[[0-9;?]*[ -/]*[@-~]', '', 'g')`, 'string'));
// The reference: the first character capitalised, the rest kept.
define('totitle', (site) => out(`(upper(left(${str(site.arg(0))}, 1)) || substr(${str(site.arg(0))}, 2))`, 'string'));
define('translate', (site) => {
  const [search, replacement, source] = [str(site.arg(0)), str(site.arg(1)), str(site.arg(2))];
  // A shorter replacement list repeats its last character; an empty one deletes.
  const padded = `(CASE WHEN length(${replacement}) = 0 THEN '' ELSE rpad(${replacement}, CAST(greatest(length(${search}), length(${replacement})) AS INTEGER), right(${replacement}, 1)) END)`;
  return out(`translate(${source}, ${search}, ${padded})`, 'string');
});
define('trim_space', (site) => out(`regexp_replace(${str(site.arg(0))}, '^\\s+|\\s+$', '', 'g')`, 'string'));
define('quote', (site) => out(`'"' || replace(replace(replace(replace(${str(site.arg(0))}, '\\', '\\\\'), '"', '\\"'), chr(10), '\\n'), chr(9), '\\t') || '"'`, 'string'));
define('regex_quote', (site) => out(`regexp_escape(${str(site.arg(0))})`, 'string'));
define('unicode_codepoints_from_string', (site) => out(json(`list_transform(string_split(${str(site.arg(0))}, ''), apl_c -> unicode(apl_c))`), 'dynamic', true));
define('unicode_codepoints_to_string', (site) => out(`array_to_string(list_transform(${list(site.arg(0))}, apl_c -> chr(CAST(json_extract_string(apl_c, '$') AS INTEGER))), '')`, 'string'));
define('parse_csv', (site) => {
  // Only the first record is read: it ends at a line break outside quotes (Kusto's parse_csv).
  const field = `(?:"(?:[^"]|"")*"|[^,\\r\\n]*)`;
  const text = `regexp_extract(${str(site.arg(0))}, '^(${field}(?:,${field})*)', 1)`;
  const fields = `regexp_extract_all(${text} || ',', '("(?:[^"]|"")*"|[^,]*),', 1)`;
  return out(json(`list_transform(${fields}, apl_f -> CASE WHEN starts_with(apl_f, '"') THEN replace(apl_f[2:-2], '""', '"') ELSE apl_f END)`), 'dynamic', true);
});
define('parse_bytes', (site) => {
  const text = `trim(${str(site.arg(0))})`;
  // base 2 (the default) counts in 1024s, base 10 in 1000s.
  const base = site.raw.length > 1 ? `(CASE WHEN ${num(site.arg(1))} = 10 THEN 1000 ELSE 1024 END)` : '1024';
  const number = `TRY_CAST(regexp_extract(${text}, '^([0-9]*\\.?[0-9]+)\\s*([A-Za-z]*)$', 1) AS DOUBLE)`;
  const unit = `upper(regexp_extract(${text}, '^([0-9]*\\.?[0-9]+)\\s*([A-Za-z]*)$', 2))`;
  const power = `(CASE ${unit} WHEN '' THEN 0 WHEN 'B' THEN 0 WHEN 'KB' THEN 1 WHEN 'K' THEN 1 WHEN 'MB' THEN 2 WHEN 'M' THEN 2 WHEN 'GB' THEN 3 WHEN 'G' THEN 3 WHEN 'TB' THEN 4 WHEN 'T' THEN 4 WHEN 'PB' THEN 5 WHEN 'P' THEN 5 END)`;
  return out(`coalesce(CAST(${number} * pow(${base}, ${power}) AS BIGINT), 0)`, 'long');
});

const urlPattern = `'^(?:([A-Za-z][A-Za-z0-9+.-]*)://)?(?:([^:@/]*)(?::([^@/]*))?@)?([^:/?#]*)(?::(\\d+))?([^?#]*)(?:\\?([^#]*))?(?:#(.*))?$'`;
/** Query text `a=1&b=2` as a JSON object of its (decoded) parameters. */
const queryObject = (query: string) =>
  json(`map_from_entries(list_transform(list_filter(string_split(${query}, '&'), apl_p -> apl_p <> ''), apl_p -> {'k': url_decode(split_part(apl_p, '=', 1)), 'v': url_decode(substr(apl_p, length(split_part(apl_p, '=', 1)) + 2))}))`);
define('parse_url', (site) => {
  const text = str(site.arg(0));
  // One match yields every part (a struct), bound once for the object built from it.
  const names = ['scheme', 'username', 'password', 'host', 'port', 'path', 'query', 'fragment'];
  const parts = `regexp_extract(${text}, ${urlPattern}, [${names.map((name) => `'${name}'`).join(', ')}])`;
  const part = (name: string) => `nullif(apl_u.${name}, '')`;
  const object = `json_object('scheme', ${part('scheme')}, 'host', ${part('host')}, 'port', ${part('port')}, 'path', ${part('path')}, 'username', ${part('username')}, 'password', ${part('password')}, 'query', ${part('query')}, 'fragment', ${part('fragment')})`;
  return out(`(CASE WHEN regexp_matches(${text}, '^[A-Za-z][A-Za-z0-9+.-]*://') THEN list_transform([${parts}], apl_u -> ${object})[1] END)`, 'dynamic');
});
define('parse_urlquery', (site) => {
  const text = `regexp_replace(${str(site.arg(0))}, '^\\?', '')`;
  // The parameters are the object's members: the reference reads them as `parse_urlquery(q).page`
  // (Kusto nests them under "Query Parameters"; the APL page is followed).
  return out(queryObject(text), 'dynamic');
});
define('format_url', (site) => {
  const bag = asJson(site.arg(0));
  const field = (name: string) => `json_extract_string(${bag}, '$.${name}')`;
  // The reference names the parts `user` and `password`; parse_url's `username` and Kusto's `pass` are taken too.
  const user = `coalesce(${field('user')}, ${field('username')})`;
  const userInfo = `${user} || coalesce(':' || coalesce(${field('password')}, ${field('pass')}), '') || '@'`;
  const query = `json_extract(${bag}, '$.query')`;
  const queryText = `(CASE WHEN json_type(${query}) = 'OBJECT' THEN array_to_string(list_transform(json_keys(${query}), apl_k -> url_encode(apl_k) || '=' || url_encode(json_extract_string(${query}, '$."' || apl_k || '"'))), '&') ELSE json_extract_string(${bag}, '$.query') END)`;
  return out(
    `(CASE WHEN ${field('host')} IS NULL THEN '' ELSE coalesce(${field('scheme')}, 'http') || '://' || coalesce(${userInfo}, '') || ${field('host')} || coalesce(':' || ${field('port')}, '') || coalesce(${field('path')}, '') || coalesce('?' || nullif(${queryText}, ''), '') || coalesce('#' || ${field('fragment')}, '') END)`,
    'string',
  );
});
// Kusto's parse_path (the APL page is silent beyond its field names): RootPath is the drive ("C:"), the
// directory keeps its separators and loses the trailing one unless it is a root ("/" or a drive and a slash), and a
// colon in the last segment starts an alternate data stream ("file.txt:some.exe").
define('parse_path', (site) => {
  const text = str(site.arg(0));
  const scheme = `regexp_extract(${text}, '^([A-Za-z][A-Za-z0-9+.-]*)://', 1)`;
  const rest = `regexp_replace(${text}, '^[A-Za-z][A-Za-z0-9+.-]*://', '')`;
  const root = `regexp_extract(${rest}, '^([A-Za-z]:)', 1)`;
  const withSeparator = `regexp_extract(${rest}, '^(.*[\\\\/])', 1)`;
  const directory = `(CASE WHEN regexp_full_match(${withSeparator}, '([A-Za-z]:)?[\\\\/]+') THEN ${withSeparator} ELSE regexp_replace(${withSeparator}, '[\\\\/]$', '') END)`;
  const segment = `regexp_extract(${rest}, '([^\\\\/]*)$', 1)`;
  const filename = `split_part(${segment}, ':', 1)`;
  const stream = `regexp_extract(${segment}, ':(.*)$', 1)`;
  return out(
    `json_object('Scheme', ${scheme}, 'RootPath', ${root}, 'DirectoryPath', ${directory}, 'DirectoryName', regexp_extract(${directory}, '([^\\\\/]*)$', 1), 'Filename', ${filename}, 'Extension', regexp_extract(${filename}, '\\.([^.]*)$', 1), 'AlternateDataStreamName', ${stream})`,
    'dynamic',
  );
});

// Pairs ------------------------------------------------------------------------------------------

const pairObject = (key: string, value: string, separator: string) => `json_object('key', ${key}, 'value', ${value}, 'separator', ${separator})`;
const separatorOf = (site: CallSite, index: number) => (site.raw.length > index ? str(site.arg(index)) : `':'`);
define('pair', (site) => out(pairObject(str(site.arg(0)), str(site.arg(1)), separatorOf(site, 2)), 'dynamic'));
function splitPair(text: string, separator: string): string {
  const at = `instr(${text}, ${separator})`;
  return `(CASE WHEN ${at} = 0 THEN ${pairObject(`''`, text, separator)} ELSE ${pairObject(`substr(${text}, 1, ${at} - 1)`, `substr(${text}, ${at} + length(${separator}))`, separator)} END)`;
}
define('parse_pair', (site) => out(splitPair(str(site.arg(0)), separatorOf(site, 1)), 'dynamic'));
define('find_pair', (site) => {
  const array = list(site.arg(0));
  const separator = separatorOf(site, 3);
  const glob = (pattern: string) => `'^' || replace(regexp_escape(${pattern}), '\\*', '.*') || '$'`;
  const text = `json_extract_string(apl_p, '$')`;
  const at = `instr(${text}, ${separator})`;
  const matches = `(${at} > 0 AND regexp_matches(substr(${text}, 1, ${at} - 1), ${glob(str(site.arg(1)))}) AND regexp_matches(substr(${text}, ${at} + length(${separator})), ${glob(str(site.arg(2)))}))`;
  const found = `list_filter(${array}, apl_p -> ${matches})[1]`;
  return out(`(CASE WHEN ${found} IS NOT NULL THEN ${splitPair(`json_extract_string(${found}, '$')`, separator)} END)`, 'dynamic');
});

// Metadata ---------------------------------------------------------------------------------------

define('column_ifexists', (site) => {
  const name = literalString(site, 0);
  const column = findColumn(site.scope.columns, name);
  if (column) return out(ident(column.name), column.type, column.array);
  return site.arg(1);
});
define('ingestion_time', (site) => {
  const column = findColumn(site.scope.columns, '_sysTime');
  return out(column ? ident('_sysTime') : 'CAST(NULL AS TIMESTAMP)', 'datetime');
});
// Cursors are not kept by this service: every row answers the same empty cursor.
define('cursor_current', () => out(`''`, 'string'));


