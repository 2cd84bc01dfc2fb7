/**
 * `parse` and `parse-where`: the pattern becomes one RE2 regular expression whose groups are the
 * extracted columns; typed columns convert as the to* functions do (conversions.ts).
 *
 * kind=simple (the default) and kind=regex are strict: the text must match and every typed column
 * must convert, or the row gets nulls in every extracted column (parse) or is dropped (parse-where).
 * kind=relaxed: the delimiters must match, and a typed column that does not convert alone is null
 * (the reference's relaxed example; Kusto documents the same). flags= (kind=regex only, as the
 * parse-where page says) are RE2's flags: i, m, s and U, as in Kusto.
 */
import type { Expression, ParseOperator } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { asString } from './coercions.ts';
import { convertTo } from './conversions.ts';
import { compileExpression } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import { ident, regexEscape, stringLiteral } from './sql.ts';
import { capturingGroups, re2Spelling } from './regexGroups.ts';
import { keptOrder, type Stage } from './stage.ts';
import { sqlTypeOf, typeFromName, type ScalarType } from './types.ts';

const kinds = new Set(['simple', 'regex', 'relaxed']);
const regexFlags = /^[imsU]*$/;

interface Extracted {
  name: string;
  type: ScalarType;
  /** The helper column holding the group's text. */
  group: string;
  /** Its group's number in the whole pattern. */
  index: number;
}

function optionText(operator: ParseOperator, name: string): string | undefined {
  const value: Expression | undefined = operator.options.find((option) => option.name.name.toLowerCase() === name)?.value;
  if (!value) return undefined;
  return value.kind === 'Literal' ? String(value.value) : (columnNameOf(value) ?? '');
}

/**
 * What a `*` or a string column reads. kind=simple and kind=relaxed: the text up to the next
 * delimiter. kind=regex is greedy, as Kusto's parse page prints in four examples and says in words
 * ("the default mode is greedy"; flags=U makes it non-greedy, RE2's swap of `.*` and `.*?`),
 * although its translation table writes `.*?`. APL's page is silent: its regex example reads the
 * same either way.
 */
function wildcardOf(last: boolean, kind: string): string {
  return last || kind === 'regex' ? '.*' : '.*?';
}

/**
 * The group of a column (Kusto: long is `\-\d+`, string as a wildcard). Relaxed: a number group
 * reads any text when it finds no number there, so the column alone is null (it does not convert)
 * and the rest of the pattern still matches.
 */
function captureOf(type: ScalarType, last: boolean, kind: string): string {
  const text = wildcardOf(last, kind);
  const relaxed = kind === 'relaxed';
  const number = type === 'long' || type === 'int' ? '-?\\d+' : type === 'real' ? '-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?' : undefined;
  if (number === undefined) return `(${text})`;
  return relaxed ? `(${number}|${text})` : `(${number})`;
}

export function parseOperator(operator: ParseOperator, input: Stage, tools: OperatorTools): Stage {
  const kind = (optionText(operator, 'kind') ?? 'simple').toLowerCase();
  if (!kinds.has(kind)) throw tools.errors.at(operator.start, `${operator.kind} kind=${kind} is not implemented by this engine (kinds: simple, regex, relaxed)`);
  // parse-where reads kind=simple and kind=regex only (parse-where.mdx, as in Kusto).
  if (operator.kind === 'parse-where' && kind === 'relaxed') throw tools.errors.at(operator.start, 'parse-where kind=relaxed is not a kind of parse-where (kinds: simple, regex)', 'semantic');
  const flags = optionText(operator, 'flags');
  if (flags !== undefined && kind !== 'regex') throw tools.errors.at(operator.start, `${operator.kind} flags= applies only with kind=regex`, 'semantic');
  if (flags !== undefined && !regexFlags.test(flags)) throw tools.errors.at(operator.start, `${operator.kind} flags=${flags} is not implemented by this engine (flags: i, m, s, U)`);
  const relaxed = kind === 'relaxed';
  const source = compileExpression(operator.source, tools.scope(input.columns));
  let pattern = flags ? `(?${flags})^` : '^';
  const extracted: Extracted[] = [];
  // The groups opened so far: a regex's own groups come before the columns after them.
  let groups = 0;
  operator.pattern.forEach((part, i) => {
    const last = i === operator.pattern.length - 1;
    if (part.kind === 'Literal' && kind === 'regex') {
      pattern += re2Spelling(String(part.value));
      groups += capturingGroups(String(part.value));
    } else if (part.kind === 'Literal') pattern += regexEscape(String(part.value));
    else if (part.kind === 'Star') pattern += wildcardOf(last, kind);
    else if (part.kind === 'ColumnDeclaration') {
      const type = part.type ? (typeFromName(part.type.name) ?? 'string') : 'string';
      pattern += captureOf(type, last, kind);
      extracted.push({ name: part.name.name, type, group: `apl_parse_${extracted.length + 1}`, index: ++groups });
    }
  });
  if (kind !== 'regex' && operator.pattern.at(-1)?.kind === 'Literal') pattern += '$';

  const text = `coalesce(${asString(source)}, '')`;
  const regex = stringLiteral(pattern);
  const matched = ident('apl_parse_matched');
  const helpers = [`regexp_matches(${text}, ${regex}) AS ${matched}`, ...extracted.map((item) => `regexp_extract(${text}, ${regex}, ${item.index}) AS ${ident(item.group)}`)];
  const values = extracted.map((item) => converted(item));
  // Strict kinds: a typed column whose text does not convert fails the whole match.
  const strictChecks = relaxed ? [] : extracted.flatMap((item, i) => (item.type === 'string' ? [] : [`${values[i]} IS NOT NULL`]));
  const ok = [matched, ...strictChecks].join(' AND ');

  const columns = input.columns.filter((column) => !extracted.some((item) => item.name === column.name)).concat(extracted.map(({ name, type }) => ({ name, type })));
  const replaced = input.columns.filter((column) => extracted.some((item) => item.name === column.name)).map((column) => ident(column.name));
  const hidden = [...replaced, matched, ...extracted.map((item) => ident(item.group))];
  const items = extracted.map((item, i) => `(CASE WHEN ${ok} THEN ${values[i]} END) AS ${ident(item.name)}`);
  const inner = `SELECT *, ${helpers.join(', ')} FROM (${input.sql}) AS ${tools.alias()}`;
  const where = operator.kind === 'parse-where' ? ` WHERE ${ok}` : '';
  const sql = `SELECT * EXCLUDE (${hidden.join(', ')}), ${items.join(', ')} FROM (${inner}) AS ${tools.alias()}${where}`;
  return { ...input, sql, columns, order: keptOrder(input.order, columns) };
}

/** A group's text as its column's type: strings as they are, the rest as the to* function of the type reads them. */
function converted(item: Extracted): string {
  const text = { sql: ident(item.group), type: 'string' as const };
  if (item.type === 'string') return text.sql;
  if (item.type === 'dynamic') return `TRY_CAST(${text.sql} AS ${sqlTypeOf('dynamic')})`;
  // An empty group converts to null for every type but string.
  return convertTo(text, item.type).sql;
}
