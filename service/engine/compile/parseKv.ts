/**
 * `parse-kv text as (k1[:type], ...) with (options)`: each listed key's first value. The options
 * are Kusto's (parse-kv-operator.md; APL's page names them "additional parsing options"):
 * pair_delimiter, kv_delimiter, quote (repeatable, one or two characters, around keys or values),
 * escape (repeatable, inside quoted values), greedy=true (an unquoted value runs up to the next
 * key), and regex (two groups: key, value). Any other option is refused by name.
 */
import type { ParseKvOperator } from '../../../language/index.ts';
import { asString } from './coercions.ts';
import { compileExpression } from './expressions.ts';
import { literalText, type OperatorTools } from './moreOperators.ts';
import { ident, regexEscape, stringLiteral } from './sql.ts';
import { re2Spelling } from './regexGroups.ts';
import { keptOrder, type Stage } from './stage.ts';
import { sqlTypeOf, typeFromName, type ScalarType } from './types.ts';

const knownOptions = new Set(['pair_delimiter', 'kv_delimiter', 'quote', 'escape', 'greedy', 'regex']);

interface KvOptions {
  pairDelimiter?: string;
  kvDelimiter?: string;
  /** Opening and closing character of each quote. */
  quotes: [string, string][];
  escapes: string[];
  greedy: boolean;
  regex?: string;
}

export function parseKv(operator: ParseKvOperator, input: Stage, tools: OperatorTools): Stage {
  const options = kvOptions(operator, tools);
  const text = `coalesce(${asString(compileExpression(operator.source, tools.scope(input.columns)))}, '')`;
  const extracted = operator.keys.map((declaration) => {
    const name = declaration.name.name;
    const type: ScalarType = declaration.type ? (typeFromName(declaration.type.name) ?? 'string') : 'string';
    const value = options.regex === undefined ? delimitedValue(text, name, options) : regexValue(text, name, options.regex);
    return { name, type, sql: type === 'string' ? value : `TRY_CAST(${value} AS ${sqlTypeOf(type)})` };
  });
  const replaced = input.columns.filter((column) => extracted.some((item) => item.name === column.name));
  const columns = input.columns.filter((column) => !replaced.includes(column)).concat(extracted.map(({ name, type }) => ({ name, type })));
  const rest = replaced.length ? `* EXCLUDE (${replaced.map((column) => ident(column.name)).join(', ')})` : '*';
  const lead = input.columns.length > replaced.length ? `${rest}, ` : '';
  const sql = `SELECT ${lead}${extracted.map((item) => `${item.sql} AS ${ident(item.name)}`).join(', ')} FROM (${input.sql}) AS ${tools.alias()}`;
  return { ...input, sql, columns, order: keptOrder(input.order, columns) };
}

function kvOptions(operator: ParseKvOperator, tools: OperatorTools): KvOptions {
  const options: KvOptions = { quotes: [], escapes: [], greedy: false };
  for (const option of operator.options) {
    const name = option.name.name.toLowerCase();
    if (!knownOptions.has(name)) throw tools.errors.at(option.start, `parse-kv option ${option.name.name} is not implemented by this engine (options: ${[...knownOptions].join(', ')})`);
    const value = literalText(option.value) ?? '';
    if (name === 'pair_delimiter') options.pairDelimiter = value;
    else if (name === 'kv_delimiter') options.kvDelimiter = value;
    else if (name === 'quote' && value) options.quotes.push([value[0]!, value.at(-1)!]);
    else if (name === 'escape' && value) options.escapes.push(value[0]!);
    else if (name === 'greedy') options.greedy = value.toLowerCase() === 'true';
    else if (name === 'regex') options.regex = value;
  }
  // Without a quote option, values may still be wrapped in double quotes (the APL page's default).
  if (options.quotes.length === 0 && !operator.options.some((option) => option.name.name.toLowerCase() === 'quote')) options.quotes.push(['"', '"']);
  return options;
}

/** The key's first value: quoted in any of the quotes (escapes read), else unquoted, trimmed; null when absent or empty. */
function delimitedValue(text: string, name: string, options: KvOptions): string {
  const { pairDelimiter, kvDelimiter, quotes, escapes, greedy } = options;
  const pairClass = pairDelimiter ? regexEscape(pairDelimiter) : '[^\\w.:=-]';
  const kvClass = kvDelimiter ? regexEscape(kvDelimiter) : '[=:]';
  const key = [...quotes.map(([open, close]) => `${regexEscape(open)}${regexEscape(name)}${regexEscape(close)}`), regexEscape(name)].join('|');
  const escapeClass = escapes.map(regexEscape).join('');
  const quoted = quotes.map(([open, close]) => {
    const plain = `[^${regexEscape(close)}${escapeClass}]`;
    return `${regexEscape(open)}(${escapes.length ? `(?:${plain}|[${escapeClass}].)*` : `${plain}*`})${regexEscape(close)}`;
  });
  // Greedy: up to the next pair delimiter that a key and the key-value delimiter follow, or the end.
  const nextKey = `${pairClass}[^${regexEscape((pairDelimiter ?? ' ')[0]!)}${regexEscape((kvDelimiter ?? '=')[0]!)}]+${kvClass}`;
  const unquoted = greedy ? `(.*?)\\s*(?:${nextKey}|$)` : `(${pairDelimiter ? `[^${regexEscape(pairDelimiter[0]!)}]` : '[\\w.:/-]'}*)`;
  const pattern = stringLiteral(`(?:^|${pairClass})\\s*(?:${key})\\s*${kvClass}\\s*(?:${[...quoted, unquoted].join('|')})`);
  const unescaped = (sql: string) => (escapes.length ? `regexp_replace(${sql}, ${stringLiteral(`[${escapeClass}](.)`)}, '\\1', 'g')` : sql);
  const groups = [...quoted.map((_, i) => unescaped(`regexp_extract(${text}, ${pattern}, ${i + 1})`)), `trim(regexp_extract(${text}, ${pattern}, ${quoted.length + 1}))`];
  return `coalesce(${groups.map((group) => `nullif(${group}, '')`).join(', ')})`;
}

/** regex=: the value of the first match whose first group is the key. */
function regexValue(text: string, name: string, regex: string): string {
  const pattern = stringLiteral(re2Spelling(regex));
  const pairs = `list_zip(regexp_extract_all(${text}, ${pattern}, 1), regexp_extract_all(${text}, ${pattern}, 2))`;
  return `nullif(trim(list_filter(${pairs}, apl_kv -> trim(apl_kv[1]) = ${stringLiteral(name)})[1][2]), '')`;
}
