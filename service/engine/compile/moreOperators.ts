/**
 * Tabular operators beyond the core set, each compiled to one SQL step over the previous stage:
 * make-series, search, parse-kv and redact.
 */
import type { Expression, MakeSeriesOperator, OperatorOption, ParseKvOperator, RedactOperator, SearchOperator } from '../../../language/index.ts';
import { aggregateName, columnNameOf, keyName } from '../../../language/analysis/naming.ts';
import type { ErrorSink } from '../errors.ts';
import { compileAggregation } from './aggregations.ts';
import { isLogical, logicalChainSql } from './chains.ts';
import { asBool, asString, coerceTo, compileExpression, findColumn, intervalMicros, stringTest } from './expressions.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { ident, regexEscape, stringLiteral } from './sql.ts';
import { keptOrder, matchedOf, type Stage } from './stage.ts';
import { isNumeric, sqlTypeOf, typeFromName, type Column, type ScalarType } from './types.ts';

export interface OperatorTools {
  alias(): string;
  scope(columns: readonly Column[], extra?: Partial<ExpressionScope>): ExpressionScope;
  errors: ErrorSink;
}

export function optionValue(options: readonly OperatorOption[], name: string): Expression | undefined {
  return options.find((option) => option.name.name.toLowerCase() === name.toLowerCase())?.value;
}

function literalText(expression: Expression | undefined): string | undefined {
  if (expression?.kind === 'Literal') return String(expression.value);
  if (expression?.kind === 'Name') return expression.name;
  return undefined;
}

// make-series ------------------------------------------------------------------------------------

/**
 * `make-series agg [default=v], ... on t [from a] [to b] step s [by k, ...]`: one row per group,
 * each aggregate an array over the bins [from, to) of width s (missing bins take the default, 0
 * unless given), then the bin starts as an array named after the `on` column.
 */
export function makeSeries(operator: MakeSeriesOperator, input: Stage, tools: OperatorTools): Stage {
  const rowScope = tools.scope(input.columns);
  let { from, to, step } = operator;
  if (operator.range?.kind === 'Call' && operator.range.args.length === 3) {
    const [a, b, c] = operator.range.args as Expression[];
    [from, to, step] = [a, b, c];
  }
  const on = compileExpression(operator.on, rowScope);
  if (on.type !== 'datetime') throw tools.errors.at(operator.on.start, 'make-series is implemented for a datetime axis (on _time) only');
  const stepValue = compileExpression(step, tools.scope([]));
  if (stepValue.type !== 'timespan') throw tools.errors.at(step.start, 'make-series expects a timespan step', 'semantic');
  const stepMicros = `CAST(${intervalMicros(stepValue.sql)} AS BIGINT)`;

  const keys = operator.by.map((definition, i) => {
    const value = compileExpression(definition.expression, rowScope);
    const name = definition.name?.name ?? keyName(definition.expression, `Column${i + 1}`).name;
    return { name, sql: value.sql, column: { name, type: value.type, array: value.array } as Column };
  });
  const aggregates = operator.aggregates.map((aggregate, i) => {
    const definition = aggregate.column;
    const value = compileExpression(definition.expression, tools.scope(input.columns, { aggregate: (call) => compileAggregation(call, rowScope) }));
    const found = definition.expression.kind === 'Call' ? definition.expression : undefined;
    const name = definition.name?.name ?? (found ? aggregateName(found).name : `Column${i + 1}`);
    const fallback = aggregate.default ? coerceTo(compileExpression(aggregate.default, tools.scope([])), value.type).sql : isNumeric(value.type) ? '0' : 'NULL';
    return { name, sql: value.sql, fallback, type: value.type };
  });

  const source = tools.alias();
  const lower = from ? compileExpression(from, tools.scope([])).sql : `(SELECT apl_bin_time(min(apl_t), ${stepMicros}) FROM ${source})`;
  const upper = to ? compileExpression(to, tools.scope([])).sql : `(SELECT max(apl_t) + to_microseconds(1) FROM ${source})`;
  const binCount = `CAST(ceil((epoch_us(apl_hi) - epoch_us(apl_lo)) / ${stepMicros}) AS BIGINT)`;
  const keyList = keys.map((key) => ident(key.name));
  const groupBy = keys.length ? ` GROUP BY ${keyList.join(', ')}` : '';
  const axisName = columnNameOf(operator.on) ?? '_time';
  const binned = `SELECT ${[...keys.map((key) => `${key.sql} AS ${ident(key.name)}`), `CAST(floor((epoch_us(apl_t) - epoch_us(apl_lo)) / ${stepMicros}) AS BIGINT) AS apl_bin`, ...aggregates.map((aggregate, i) => `${aggregate.sql} AS apl_a${i}`)].join(', ')}
    FROM (SELECT *, ${on.sql} AS apl_t FROM (${input.sql})) AS apl_rows, apl_bounds WHERE apl_t >= apl_lo AND apl_t < apl_hi GROUP BY ${[...keys.map((_, i) => String(i + 1)), String(keys.length + 1)].join(', ')}`;
  const maps = `SELECT ${[...keyList, ...aggregates.map((_, i) => `map_from_entries(list({'k': apl_bin, 'v': apl_a${i}})) AS apl_m${i}`)].join(', ')} FROM apl_binned${groupBy}`;
  const axis = asString({ sql: `(apl_lo + to_microseconds(apl_i * ${stepMicros}))`, type: 'datetime' });
  const outputs = [
    ...keyList,
    ...aggregates.map((aggregate, i) => `to_json(list_transform(range(${binCount}), apl_i -> coalesce(apl_m${i}[apl_i], ${aggregate.fallback}))) AS ${ident(aggregate.name)}`),
    `to_json(list_transform(range(${binCount}), apl_i -> ${axis})) AS ${ident(axisName)}`,
  ];
  const sql = `WITH ${source} AS (SELECT ${on.sql} AS apl_t FROM (${input.sql})),
    apl_bounds AS (SELECT ${lower} AS apl_lo, ${upper} AS apl_hi),
    apl_binned AS (${binned})
    SELECT ${outputs.join(', ')} FROM (${maps}) AS apl_maps, apl_bounds`;
  const columns: Column[] = [
    ...keys.map((key) => key.column),
    ...aggregates.map((aggregate) => ({ name: aggregate.name, type: 'dynamic' as ScalarType, array: true })),
    { name: axisName, type: 'dynamic', array: true },
  ];
  return { sql, columns, limited: false, datasets: input.datasets, readBounds: input.readBounds, ...matchedOf(input), groups: keys.map((key) => key.name) };
}

// search -----------------------------------------------------------------------------------------

/**
 * A search predicate as SQL: a bare term means "any column has it" (`x*` hasprefix, `*x`
 * hassuffix, `*x*` contains, other wildcards a word-anchored regex), `f:"x"` means `f has x`,
 * `* has x` any column; everything else is an ordinary expression.
 */
export function searchCondition(predicate: Expression, scope: ExpressionScope, caseSensitive: boolean): string {
  const anyColumn = (test: (text: string) => string) => {
    const tests = scope.columns.map((column) => test(`coalesce(${asString({ sql: ident(column.name), type: column.type })}, '')`));
    return tests.length ? `(${tests.join(' OR ')})` : 'FALSE';
  };
  const visit = (expression: Expression): string => {
    if (expression.kind === 'Paren') return visit(expression.expression);
    if (expression.kind === 'Star') return 'TRUE';
    if (expression.kind === 'Literal' && expression.type === 'string') return anyColumn((text) => termTest(text, String(expression.value), caseSensitive));
    if (expression.kind === 'Unary' && expression.operator === 'not') return `(NOT ${visit(expression.operand)})`;
    if (expression.kind === 'Binary') {
      if (isLogical(expression.operator)) return logicalChainSql(expression, visit);
      if (expression.operator === ':' && expression.right.kind === 'Literal') {
        const term = String(expression.right.value);
        const field = compileExpression(expression.left, scope);
        return termTest(`coalesce(${asString(field)}, '')`, term, caseSensitive);
      }
    }
    return asBool(compileExpression(expression, scope));
  };
  return visit(predicate);
}

function termTest(text: string, term: string, caseSensitive: boolean): string {
  const suffix = caseSensitive ? '_cs' : '';
  const inner = term.replace(/^\*/, '').replace(/\*$/, '');
  if (!/[*?]/.test(inner)) {
    const operator = term.startsWith('*') && term.endsWith('*') && term.length > 1 ? 'contains' : term.endsWith('*') ? 'hasprefix' : term.startsWith('*') ? 'hassuffix' : 'has';
    if (inner === '') return 'TRUE';
    return stringTest(`${operator}${suffix}`, text, stringLiteral(inner))!;
  }
  const pattern = `${caseSensitive ? '' : '(?i)'}\\b${term.split(/([*?])/).map((part) => (part === '*' ? '\\S*' : part === '?' ? '.' : regexEscape(part))).join('')}\\b`;
  return `regexp_matches(${text}, ${stringLiteral(pattern)})`;
}

export function searchOperator(operator: SearchOperator, input: Stage, tools: OperatorTools): Stage {
  const kind = literalText(optionValue(operator.options, 'kind'))?.toLowerCase();
  const condition = searchCondition(operator.predicate, tools.scope(input.columns), kind === 'case_sensitive');
  return { ...input, sql: `SELECT * FROM (${input.sql}) AS ${tools.alias()} WHERE ${condition}` };
}

// parse-kv ---------------------------------------------------------------------------------------

/** `parse-kv text as (k1[:type], ...) with (pair_delimiter=';', kv_delimiter='=', quote='"')`. */
export function parseKv(operator: ParseKvOperator, input: Stage, tools: OperatorTools): Stage {
  const option = (name: string) => literalText(optionValue(operator.options, name));
  const pairDelimiter = option('pair_delimiter');
  const kvDelimiter = option('kv_delimiter');
  const quote = option('quote') ?? '"';
  const pairClass = pairDelimiter ? regexEscape(pairDelimiter) : '[^\\w.:=-]';
  const kvClass = kvDelimiter ? regexEscape(kvDelimiter) : '[=:]';
  const stop = pairDelimiter ? `[^${regexEscape(pairDelimiter[0]!)}]` : '[\\w.:/-]';
  const text = `coalesce(${asString(compileExpression(operator.source, tools.scope(input.columns)))}, '')`;
  const extracted = operator.keys.map((declaration) => {
    const name = declaration.name.name;
    const type: ScalarType = declaration.type ? (typeFromName(declaration.type.name) ?? 'string') : 'string';
    const quoted = quote ? `${regexEscape(quote[0]!)}([^${regexEscape(quote[0]!)}]*)${regexEscape(quote.at(-1)!)}|` : '';
    const pattern = `(?:^|${pairClass})\\s*${regexEscape(name)}\\s*${kvClass}\\s*(?:${quoted}(${stop}*))`;
    const value = `coalesce(nullif(regexp_extract(${text}, ${stringLiteral(pattern)}, 1), ''), ${quote ? `nullif(regexp_extract(${text}, ${stringLiteral(pattern)}, 2), '')` : 'NULL'})`;
    const typed = type === 'string' ? value : `TRY_CAST(${value} AS ${sqlTypeOf(type)})`;
    return { name, type, sql: typed };
  });
  const replaced = input.columns.filter((column) => extracted.some((item) => item.name === column.name));
  const columns = input.columns.filter((column) => !replaced.includes(column)).concat(extracted.map(({ name, type }) => ({ name, type })));
  const rest = replaced.length ? `* EXCLUDE (${replaced.map((column) => ident(column.name)).join(', ')})` : '*';
  const lead = input.columns.length > replaced.length ? `${rest}, ` : '';
  const sql = `SELECT ${lead}${extracted.map((item) => `${item.sql} AS ${ident(item.name)}`).join(', ')} FROM (${input.sql}) AS ${tools.alias()}`;
  return { ...input, sql, columns, order: keptOrder(input.order, columns) };
}

// redact -----------------------------------------------------------------------------------------

/**
 * `redact [replaceToken="*"] [replaceHash=true] [redactGroups=true] regex, ... [on f, ...]`: every
 * match in the chosen string columns (all by default) is replaced. A one-character token stands in
 * for each matched character, a longer one for the whole match; with redactGroups only the
 * capturing groups are replaced.
 */
export function redact(operator: RedactOperator, input: Stage, tools: OperatorTools): Stage {
  const token = literalText(optionValue(operator.options, 'replaceToken')) ?? '*';
  const hash = literalText(optionValue(operator.options, 'replaceHash')) === 'true';
  const groups = literalText(optionValue(operator.options, 'redactGroups')) === 'true';
  const patterns = operator.patterns.flatMap((pattern) => {
    if (pattern.kind === 'Literal' && pattern.type === 'string') return [String(pattern.value)];
    if (pattern.kind === 'DynamicLiteral') return Object.values(pattern.value as object).map(String);
    throw tools.errors.at(pattern.start, 'redact expects regular expressions as string literals', 'semantic');
  });
  const targets = operator.on.length
    ? operator.on.map((field) => {
        const name = columnNameOf(field);
        const column = name ? findColumn(input.columns, name) : undefined;
        if (!column) throw tools.errors.at(field.start, `unknown column "${name ?? ''}"`, 'semantic');
        return column;
      })
    : input.columns.filter((column) => column.type === 'string');
  const replacement = (match: string) => (hash ? `left(to_base64(unhex(md5(${match}))), 8)` : token.length === 1 ? `repeat(${stringLiteral(token)}, length(${match}))` : stringLiteral(token));
  const redactText = (value: string) =>
    patterns.reduce((text, pattern) => {
      const regex = stringLiteral(pattern);
      if (!groups) {
        // Matches are cut out and joined back with their replacements in between.
        const pieces = `regexp_split_to_array(${text}, ${regex})`;
        const matches = `regexp_extract_all(${text}, ${regex})`;
        return `(CASE WHEN ${text} IS NULL OR NOT regexp_matches(${text}, ${regex}) THEN ${text} ELSE ${pieces}[1] || array_to_string(list_transform(${matches}, (apl_m, apl_i) -> ${replacement('apl_m')} || coalesce(${pieces}[apl_i + 1], '')), '') END)`;
      }
      // Only the capturing groups of the first match are replaced, the rest of the text is kept.
      const group = `regexp_extract(${text}, ${regex}, 1)`;
      const whole = `regexp_extract(${text}, ${regex})`;
      return `(CASE WHEN ${text} IS NULL OR NOT regexp_matches(${text}, ${regex}) THEN ${text} ELSE replace(${text}, ${whole}, replace(${whole}, ${group}, ${replacement(group)})) END)`;
    }, value);
  const list = input.columns.map((column) => {
    if (!targets.includes(column)) return ident(column.name);
    const text = asString({ sql: ident(column.name), type: column.type });
    return `${column.type === 'string' ? redactText(text) : coerceTo({ sql: redactText(text), type: 'string' }, column.type).sql} AS ${ident(column.name)}`;
  });
  return { ...input, sql: `SELECT ${list.join(', ')} FROM (${input.sql}) AS ${tools.alias()}` };
}

export type { Compiled };
