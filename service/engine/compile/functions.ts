import type { CallNode, Expression } from '../../../language/index.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { stringLiteral, timespanConstant } from './sql.ts';
import { isInteger, isNumeric } from './types.ts';
import { isAggregation } from './aggregations.ts';
import { define, functions, literalString, out, simple, type CallSite } from './registry.ts';
import { maxRepeat, maxStringBytes, textTooLongError } from '../limits.ts';
import { capturingGroups, namedGroups } from './regexGroups.ts';
import './arrayFunctions.ts';
import './bagFunctions.ts';
import './moreFunctions.ts';
import './seriesFunctions.ts';
import './ipFunctions.ts';
import './hostBackedFunctions.ts';
import './genaiFunctions.ts';
import './mathFunctions.ts';
import './datetimeFunctions.ts';

export type { CallSite };

type Compile = (expression: Expression, scope: ExpressionScope) => Compiled;

export function compileCall(call: CallNode, scope: ExpressionScope, compile: Compile): Compiled {
  const name = call.callee.name;
  if (isAggregation(name)) {
    const aggregated = scope.aggregate?.(call);
    if (aggregated) return aggregated;
    throw scope.errors.at(call.start, `the aggregation ${name}() may only be used in summarize`, 'semantic');
  }
  const implementation = functions.get(name);
  if (!implementation) throw scope.errors.at(call.callee.start, `the function ${name}() is not implemented by this engine`);
  const raw = call.args.map((argument) => {
    if (argument.kind === 'NamedArgument') throw scope.errors.at(argument.start, `named arguments are not supported in ${name}()`);
    return argument;
  });
  const cache = new Map<number, Compiled>();
  const site: CallSite = {
    call,
    scope,
    raw,
    arg(index) {
      const expression = raw[index];
      if (!expression) throw site.fail(`${name}() expects more arguments`);
      let compiled = cache.get(index);
      if (!compiled) cache.set(index, (compiled = compile(expression, scope)));
      return compiled;
    },
    all: () => raw.map((_, index) => site.arg(index)),
    fail: (message) => scope.errors.at(call.start, message, 'semantic'),
  };
  return implementation(site);
}

// Helpers over compiled values -------------------------------------------------------------------

import { intervalMicros, microsToInterval } from './expressions.ts';
import { convertTo } from './conversions.ts';
import { asBool, asNumber, asRegex, asString, coerceTo } from './coercions.ts';

const str = (c: Compiled) => asString(c);
const num = (c: Compiled) => asNumber(c);

// Strings ----------------------------------------------------------------------------------------

simple('strlen', 'long', (s) => `length(${s})`, str);
simple('tolower', 'string', (s) => `lower(${s})`, str);
simple('toupper', 'string', (s) => `upper(${s})`, str);
simple('reverse', 'string', (s) => `reverse(${s})`, str);
simple('isempty', 'bool', (s) => `(${s} IS NULL OR ${s} = '')`, str);
simple('isnotempty', 'bool', (s) => `(${s} IS NOT NULL AND ${s} <> '')`, str);
define('strcat', (site) => out(`concat(${site.all().map(str).join(', ')})`, 'string'));
define('strcat_delim', (site) => {
  const [delimiter, ...rest] = site.all();
  return out(`concat_ws(${str(delimiter!)}, ${rest.map((c) => `coalesce(${str(c)}, '')`).join(', ')})`, 'string');
});
define('substring', (site) => {
  const source = str(site.arg(0));
  // A negative start counts from the end (Kusto: substring("123456", -2, 2) is "56"; the APL reference is silent).
  const start = `(CASE WHEN ${num(site.arg(1))} < 0 THEN greatest(length(${source}) + ${num(site.arg(1))}, 0) ELSE ${num(site.arg(1))} END + 1)`;
  if (site.raw.length > 2) return out(`substr(${source}, ${start}, greatest(${num(site.arg(2))}, 0))`, 'string');
  return out(`substr(${source}, ${start})`, 'string');
});
/** `indexof(source, lookup[, start[, length[, occurrence]]])`: the first lookup within length characters from start (negative: from the end). */
define('indexof', (site) => {
  const source = str(site.arg(0));
  const lookup = str(site.arg(1));
  if (site.raw.length === 2) return out(`(instr(${source}, ${lookup}) - 1)`, 'long');
  const begin = `(CASE WHEN ${num(site.arg(2))} < 0 THEN greatest(length(${source}) + ${num(site.arg(2))}, 0) ELSE ${num(site.arg(2))} END)`;
  const length = site.raw.length > 3 ? num(site.arg(3)) : '-1';
  // A later occurrence is searched for from past the previous one (hostFunctions.ts nthIndexOf).
  if (site.raw.length > 4) return out(`apl_indexof(${source}, ${lookup}, CAST(${begin} AS BIGINT), CAST(${length} AS BIGINT), CAST(${num(site.arg(4))} AS BIGINT))`, 'long');
  const window = `substr(${source}, ${begin} + 1, CASE WHEN ${length} < 0 THEN length(${source}) + 1 ELSE ${length} END)`;
  return out(`(CASE WHEN ${source} IS NULL OR ${lookup} IS NULL THEN NULL ELSE ${firstPosition(window, `string_split(${window}, ${lookup})`, begin)} END)`, 'long');
});

/** Where the first match starts in a text cut into pieces around its matches (-1 without one). */
function firstPosition(text: string, pieces: string, offset: string): string {
  return `(CASE WHEN len(${pieces}) <= 1 OR ${text} = '' THEN -1 ELSE ${offset} + length(${pieces}[1]) END)`;
}

define('split', (site) => {
  const parts = `to_json(string_split(${str(site.arg(0))}, ${str(site.arg(1))}))`;
  if (site.raw.length > 2) return out(`json_extract(${parts}, '$[' || CAST(${num(site.arg(2))} AS VARCHAR) || ']')`, 'dynamic', true);
  return out(parts, 'dynamic', true);
});
define('replace_string', (site) => out(`replace(${str(site.arg(2))}, ${str(site.arg(0))}, ${str(site.arg(1))})`, 'string'));
define(['replace_regex', 'replace'], (site) =>
  out(`regexp_replace(${str(site.arg(2))}, ${asRegex(site.arg(0))}, regexp_replace(${str(site.arg(1))}, '\\$(\\d)', '\\\\\\1', 'g'), 'g')`, 'string'),
);
define('extract', (site) => out(`nullif(regexp_extract(${str(site.arg(2))}, ${asRegex(site.arg(0))}, CAST(${num(site.arg(1))} AS INTEGER)), '')`, 'string'));
/**
 * `extract_all(regex, [groups,] text)`: every match's capture groups; one group gives a flat
 * array, several an array of arrays. Without groups: every group of the pattern (or the whole
 * match when it has none).
 */
define('extract_all', (site) => {
  const text = str(site.arg(site.raw.length - 1));
  const regex = asRegex(site.arg(0));
  let groups: number[];
  const chosen = site.raw.length > 2 ? site.raw[1] : undefined;
  const pattern = site.raw[0]?.kind === 'Literal' ? String(site.raw[0].value) : undefined;
  const count = pattern === undefined ? undefined : capturingGroups(pattern);
  if (chosen) {
    if (chosen.kind !== 'DynamicLiteral' || !Array.isArray(chosen.value)) throw site.fail('extract_all() expects the capture groups as dynamic([...])');
    // A group is chosen by its number or, as Kusto also allows, by its name.
    const names = pattern === undefined ? new Map<string, number>() : namedGroups(pattern);
    const numbers = (chosen.value as unknown[]).map((group) => (typeof group === 'string' ? names.get(group) : Number.isInteger(group) ? (group as number) : undefined));
    const unknown = (chosen.value as unknown[]).find((_, i) => numbers[i] === undefined || numbers[i]! < 0 || (count !== undefined && count > 0 && numbers[i]! > count));
    if (unknown !== undefined) throw site.fail(`extract_all(): the pattern has no capture group ${JSON.stringify(unknown)}`);
    // A pattern without groups yields its whole matches.
    groups = count === 0 ? [0] : (numbers as number[]);
  } else {
    groups = !count ? [0] : Array.from({ length: count }, (_, i) => i + 1);
  }
  if (groups.length === 1) return out(`to_json(regexp_extract_all(${text}, ${regex}, ${groups[0]}))`, 'dynamic', true);
  const lists = groups.map((group) => `regexp_extract_all(${text}, ${regex}, ${group})`);
  return out(`to_json(list_transform(range(len(${lists[0]})), apl_i -> [${lists.map((list) => `${list}[apl_i + 1]`).join(', ')}]))`, 'dynamic', true);
});
define('countof', (site) => {
  const needle = str(site.arg(0));
  const text = str(site.arg(1));
  if (site.raw.length > 2 && literalString(site, 2) === 'regex') return out(`len(regexp_extract_all(${text}, ${needle}))`, 'long');
  return out(`CAST((length(${text}) - length(replace(${text}, ${needle}, ''))) / nullif(length(${needle}), 0) AS BIGINT)`, 'long');
});
define('strrep', (site) => {
  const value = str(site.arg(0));
  const times = `least(CAST(${num(site.arg(1))} AS BIGINT), ${maxRepeat})`;
  const delimiter = site.raw.length > 2 ? str(site.arg(2)) : undefined;
  const repeated = delimiter ? `array_to_string(list_transform(range(${times}), x -> ${value}), ${delimiter})` : `repeat(${value}, ${times})`;
  const bytes = delimiter ? `(strlen(${value}) + strlen(${delimiter})) * ${times}` : `strlen(${value}) * ${times}`;
  const refusal = textTooLongError('strrep');
  return out(`(CASE WHEN ${bytes} > ${maxStringBytes} THEN ${refusal} ELSE ${repeated} END)`, 'string');
});
function trimmer(name: string, left: boolean, right: boolean, regex: boolean): void {
  define(name, (site) => {
    const cut = str(site.arg(0));
    const text = str(site.arg(1));
    if (regex) {
      let sql = text;
      if (left) sql = `regexp_replace(${sql}, '^(?:' || ${cut} || ')+', '')`;
      if (right) sql = `regexp_replace(${sql}, '(?:' || ${cut} || ')+$', '')`;
      return out(sql, 'string');
    }
    return out(`${left && right ? 'trim' : left ? 'ltrim' : 'rtrim'}(${text}, ${cut})`, 'string');
  });
}
trimmer('trim', true, true, false);
trimmer('trim_start', true, false, false);
trimmer('trim_end', false, true, false);
trimmer('trim_regex', true, true, true);
trimmer('trim_start_regex', true, false, true);
trimmer('trim_end_regex', false, true, true);
simple('url_encode', 'string', (s) => `url_encode(${s})`, str);
simple('url_decode', 'string', (s) => `url_decode(${s})`, str);
simple('base64_encode_tostring', 'string', (s) => `to_base64(encode(${s}))`, str);
// Invalid Base64 or bytes that are not UTF-8 give null.
simple('base64_decode_tostring', 'string', (s) => `TRY(decode(TRY(from_base64(${s}))))`, str);
simple('hash_md5', 'string', (s) => `md5(${s})`, str);
simple('hash_sha256', 'string', (s) => `sha256(${s})`, str);
simple('hash_sha1', 'string', (s) => `sha1(${s})`, str);
/**
 * `format_bytes(value[, precision[, units[, base]]])`: base 2 (default) steps by 1024 with the
 * suffixes Bytes, KB, MB, ...; base 10 steps by 1000 with Bytes, kB, MB, ...
 */
define('format_bytes', (site) => {
  const value = `CAST(${num(site.arg(0))} AS DOUBLE)`;
  const precision = site.raw.length > 1 ? `CAST(${num(site.arg(1))} AS INTEGER)` : '0';
  const base10 = site.raw.length > 3 ? `(${num(site.arg(3))} = 10)` : 'FALSE';
  const step = `(CASE WHEN ${base10} THEN 1000.0 ELSE 1024.0 END)`;
  const names = (base10: boolean) => `[${['Bytes', base10 ? 'kB' : 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'].map((unit) => `'${unit}'`).join(', ')}]`;
  const units = `(CASE WHEN ${base10} THEN ${names(true)} ELSE ${names(false)} END)`;
  const auto = `CAST(least(greatest(floor(log(${step}, greatest(abs(${value}), 1))), 0), 8) AS INTEGER)`;
  const chosen = site.raw.length > 2 ? `coalesce(list_position(list_transform(${units}, apl_u -> lower(apl_u)), lower(${str(site.arg(2))})) - 1, ${auto})` : auto;
  const scaled = `(${value} / pow(${step}, ${chosen}))`;
  return out(`(printf('%.' || ${precision} || 'f', ${scaled}) || ' ' || ${units}[${chosen} + 1])`, 'string');
});
simple('parse_json', 'dynamic', (s) => `(CASE WHEN json_valid(${s}) THEN CAST(${s} AS JSON) ELSE to_json(${s}) END)`, str);
simple('todynamic', 'dynamic', (s) => `(CASE WHEN json_valid(${s}) THEN CAST(${s} AS JSON) END)`, str);
define('gettype', (site) => {
  const value = site.arg(0);
  const names: Record<string, string> = { long: 'long', int: 'int', real: 'real', string: 'string', bool: 'bool', datetime: 'datetime', timespan: 'timespan', unknown: 'null' };
  if (value.type !== 'dynamic') return out(`(CASE WHEN ${value.sql} IS NULL THEN 'null' ELSE ${stringLiteral(names[value.type] ?? 'string')} END)`, 'string');
  return out(
    `(CASE json_type(${value.sql}) WHEN 'ARRAY' THEN 'array' WHEN 'OBJECT' THEN 'dictionary' WHEN 'VARCHAR' THEN 'string' WHEN 'BIGINT' THEN 'long' WHEN 'UBIGINT' THEN 'long' WHEN 'DOUBLE' THEN 'real' WHEN 'BOOLEAN' THEN 'bool' WHEN 'NULL' THEN 'null' END)`,
    'string',
  );
});

// Null and conditional ---------------------------------------------------------------------------

// A dynamic JSON null (dynamic(null), a missing member) counts as null.
const nullTest = (value: Compiled) => (value.type === 'dynamic' ? `(${value.sql} IS NULL OR json_type(${value.sql}) = 'NULL')` : `(${value.sql} IS NULL)`);
define('isnull', (site) => out(nullTest(site.arg(0)), 'bool'));
define('isnotnull', (site) => out(`(NOT ${nullTest(site.arg(0))})`, 'bool'));
define(['iff', 'iif'], (site) => {
  const [condition, then, otherwise] = site.all();
  const type = then!.type !== 'unknown' ? then!.type : otherwise!.type;
  return out(`(CASE WHEN ${asBool(condition!)} THEN ${coerceTo(then!, type).sql} ELSE ${coerceTo(otherwise!, type).sql} END)`, type);
});
define('case', (site) => {
  const args = site.all();
  if (args.length < 2) throw site.fail('case() expects condition/value pairs and an else value');
  // Without an else value (an even count) the result is null when nothing matches.
  if (args.length % 2 === 0) args.push({ sql: 'NULL', type: 'unknown' });
  const values = args.filter((_, i) => i % 2 === 1 || i === args.length - 1);
  const type = values.find((value) => value.type !== 'unknown')?.type ?? 'unknown';
  const branches: string[] = [];
  for (let i = 0; i + 1 < args.length; i += 2) branches.push(`WHEN ${asBool(args[i]!)} THEN ${coerceTo(args[i + 1]!, type).sql}`);
  return out(`(CASE ${branches.join(' ')} ELSE ${coerceTo(args.at(-1)!, type).sql} END)`, type);
});
define('coalesce', (site) => {
  const args = site.all();
  const type = args.find((value) => value.type !== 'unknown')?.type ?? 'unknown';
  const values = args.map((arg) => coerceTo(arg, type).sql);
  // Strings: the first non-empty one (the reference), else the first that is not null ('' then). Dynamic: JSON null is null.
  if (type === 'string') return out(`coalesce(${values.map((value) => `nullif(${value}, '')`).join(', ')}, ${values.join(', ')})`, type);
  return out(`coalesce(${values.map((value) => (type === 'dynamic' ? `(CASE WHEN json_type(${value}) <> 'NULL' THEN ${value} END)` : value)).join(', ')})`, type);
});
define('not', (site) => out(`(NOT ${asBool(site.arg(0))})`, 'bool'));

// Conversions ------------------------------------------------------------------------------------

// Conversions.ts holds what each to* function does; parse's typed columns convert the same way.
define(['toint', 'tolong'], (site) => convertTo(site.arg(0), 'long'));
define(['toreal', 'todouble', 'todecimal'], (site) => convertTo(site.arg(0), 'real'));
define(['tostring'], (site) => convertTo(site.arg(0), 'string'));
define(['tobool', 'toboolean'], (site) => convertTo(site.arg(0), 'bool'));
define(['todatetime'], (site) => convertTo(site.arg(0), 'datetime'));
define(['totimespan'], (site) => convertTo(site.arg(0), 'timespan'));

// Math -------------------------------------------------------------------------------------------

define('round', (site) => {
  const digits = site.raw.length > 1 ? `CAST(${num(site.arg(1))} AS INTEGER)` : '0';
  return out(`round(CAST(${num(site.arg(0))} AS DOUBLE), ${digits})`, 'real');
});
define(['max_of', 'min_of'], (site) => {
  const args = site.all();
  const type = args.find((arg) => arg.type !== 'unknown')?.type ?? 'unknown';
  return out(`${site.call.callee.name === 'max_of' ? 'greatest' : 'least'}(${args.map((arg) => coerceTo(arg, type).sql).join(', ')})`, type);
});
define(['bin', 'floor'], (site) => {
  if (site.raw.length === 1) return out(`floor(${num(site.arg(0))})`, 'real');
  return bin(site.arg(0), site.arg(1), site);
});
define('bin_auto', (site) => {
  const value = site.arg(0);
  if (value.type !== 'datetime') throw site.fail('bin_auto() expects a datetime such as _time');
  return bin(value, timespanConstant(site.scope.binAutoNanos), site);
});

function bin(value: Compiled, size: Compiled, site: CallSite): Compiled {
  if (value.type === 'datetime') {
    const wholeMicros = size.type === 'timespan' ? size.micros : undefined;
    if (wholeMicros !== undefined && wholeMicros > 0n) return out(`apl_bin_time_us(${value.sql}, ${wholeMicros})`, 'datetime');
    const micros = size.type === 'timespan' ? intervalMicros(size.sql) : `(${num(size)} / 1000)`;
    return out(`apl_bin_time(${value.sql}, ${micros})`, 'datetime');
  }
  if (value.type === 'timespan') return out(microsToInterval(`apl_bin_number(${intervalMicros(value.sql)}, ${intervalMicros(size.sql)})`), 'timespan');
  if (!isNumeric(value.type) && value.type !== 'unknown' && value.type !== 'dynamic') throw site.fail(`bin() cannot round a ${value.type}`);
  const integer = isInteger(value.type) && isInteger(size.type);
  const sql = `apl_bin_number(${num(value)}, ${num(size)})`;
  return out(integer ? `CAST(${sql} AS BIGINT)` : sql, integer ? 'long' : 'real');
}

define('strcmp', (site) => out(`(CASE WHEN ${str(site.arg(0))} < ${str(site.arg(1))} THEN -1 WHEN ${str(site.arg(0))} > ${str(site.arg(1))} THEN 1 ELSE 0 END)`, 'long'));

