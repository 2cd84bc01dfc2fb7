/**
 * The structured (legacy) query of `POST /v1/datasets/{id}/query` (axiom-api.md §8) compiled to
 * the equivalent APL, which then runs through the same parser, analyzer and plan as any APL query:
 *
 *   ['<dataset>'] | extend <virtual fields> | where <filter> | summarize <aggregations> by
 *   bin(_time, <resolution>), <groupBy> | project <project> | sort by <order> | take <limit>
 *
 * Field names are always written `['name']` and values as escaped APL literals, so no part of a
 * request is spliced into the query unquoted (virtual field expressions are APL by definition).
 */
import { AplQueryError } from './errors.ts';
import { parseTimespanText } from './compile/timeText.ts';

export interface StructuredFilter {
  op: string;
  field?: string;
  value?: unknown;
  caseSensitive?: boolean;
  children?: StructuredFilter[] | null;
}

export interface StructuredAggregation {
  op: string;
  field?: string;
  alias?: string;
  argument?: unknown;
}

export interface StructuredQuery {
  startTime?: string;
  endTime?: string;
  resolution?: string;
  aggregations?: StructuredAggregation[] | null;
  groupBy?: string[] | null;
  filter?: StructuredFilter | null;
  order?: { field: string; desc?: boolean }[] | null;
  limit?: number;
  virtualFields?: { alias: string; expr: string }[] | null;
  project?: { field: string; alias?: string }[] | null;
}

export const structuredDefaultLimit = 1000;
export const structuredMaxLimit = 50_000;

const invalid = (message: string) => new AplQueryError(`invalid structured query: ${message}`, 0, 0, 'semantic');

/** A field name as APL writes any name: `['name']`. */
export function fieldName(name: string): string {
  if (typeof name !== 'string' || name === '') throw invalid('a field name must be a non-empty string');
  return `[${aplString(name)}]`;
}

/** A double-quoted APL string with the escapes the lexer knows. */
export function aplString(text: string): string {
  if (/[\0-\x08\x0b\x0c\x0e-\x1f]/.test(text)) throw invalid('strings may not contain control characters');
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

/** A JSON value as an APL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'dynamic(null)';
  if (typeof value === 'string') return aplString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(`the number ${value} is not finite`);
    return Number.isInteger(value) ? `long(${value})` : `real(${value})`;
  }
  throw invalid('filter values are strings, numbers, booleans or null');
}

const comparisons: Record<string, string> = { '==': '==', eq: '==', '!=': '!=', ne: '!=', '>': '>', gt: '>', '>=': '>=', gte: '>=', '<': '<', lt: '<', '<=': '<=', lte: '<=' };
const stringOperators: Record<string, string> = { 'starts-with': 'startswith', 'ends-with': 'endswith', contains: 'contains' };

/** The filter tree as an APL predicate; undefined when it filters nothing. */
export function filterPredicate(filter: StructuredFilter | null | undefined): string | undefined {
  if (!filter || filter.op === '' || filter.op === undefined) return undefined;
  const op = String(filter.op).toLowerCase();
  const children = (filter.children ?? []).map(filterPredicate).filter((child): child is string => child !== undefined);
  const field = () => fieldName(filter.field ?? '');
  const caseSensitive = filter.caseSensitive === true;
  switch (op) {
    case 'and':
    case 'or':
      return children.length ? `(${children.join(` ${op} `)})` : undefined;
    case 'not':
      return children.length ? `not(${children.join(' and ')})` : undefined;
    case 'exists':
      return `isnotnull(${field()})`;
    case 'not-exists':
      return `isnull(${field()})`;
    case 'regexp':
    case 'not-regexp': {
      if (typeof filter.value !== 'string') throw invalid(`"${op}" expects a string value`);
      const test = `${field()} matches regex ${aplString(caseSensitive ? filter.value : `(?i)${filter.value}`)}`;
      return op === 'regexp' ? `(${test})` : `not(${test})`;
    }
  }
  const comparison = comparisons[op];
  if (comparison) {
    if (filter.value === null || filter.value === undefined) {
      if (comparison === '==') return `isnull(${field()})`;
      if (comparison === '!=') return `isnotnull(${field()})`;
      throw invalid(`"${op}" needs a value`);
    }
    // Strings compare without regard to case unless caseSensitive is set.
    if (typeof filter.value === 'string' && !caseSensitive && (comparison === '==' || comparison === '!=')) {
      return `(${field()} ${comparison === '==' ? '=~' : '!~'} ${literal(filter.value)})`;
    }
    return `(${field()} ${comparison} ${literal(filter.value)})`;
  }
  const negated = op.startsWith('not-');
  const stringOperator = stringOperators[negated ? op.slice(4) : op];
  if (stringOperator) {
    if (filter.value === null || filter.value === undefined) throw invalid(`"${op}" needs a value`);
    const value = typeof filter.value === 'string' ? filter.value : String(filter.value);
    return `(${field()} ${negated ? '!' : ''}${stringOperator}${caseSensitive ? '_cs' : ''} ${aplString(value)})`;
  }
  throw invalid(`unknown filter op "${filter.op}"`);
}

/** One aggregation as `['alias'] = fn(...)`; the alias defaults to the op's name. */
export function aggregationCall(aggregation: StructuredAggregation): { alias: string; apl: string } {
  const op = String(aggregation.op ?? '').toLowerCase();
  const alias = aggregation.alias || op;
  const field = () => {
    if (!aggregation.field || aggregation.field === '*') throw invalid(`the aggregation "${op}" needs a field`);
    return fieldName(aggregation.field);
  };
  const number = (fallback?: number) => {
    const value = aggregation.argument ?? fallback;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`the aggregation "${op}" needs a number as its argument`);
    return String(value);
  };
  const plain: Record<string, string> = { sum: 'sum', avg: 'avg', min: 'min', max: 'max', stdev: 'stdev', variance: 'variance', distinct: 'dcount', makeset: 'make_set', makelist: 'make_list', rate: 'rate' };
  let call: string;
  if (op === 'count') call = 'count()';
  else if (plain[op]) call = `${plain[op]}(${field()})`;
  else if (op === 'topk') call = `topk(${field()}, ${number(10)})`;
  else if (op === 'histogram') call = `histogram(${field()}, ${number(10)})`;
  else if (op === 'percentiles') {
    const list = Array.isArray(aggregation.argument) ? aggregation.argument : [aggregation.argument ?? 50];
    if (!list.every((p) => typeof p === 'number' && Number.isFinite(p))) throw invalid('percentiles takes a number or a list of numbers as its argument');
    call = `percentiles_array(${field()}, ${list.join(', ')})`;
  } else throw invalid(`the aggregation "${aggregation.op}" is not supported here`);
  return { alias, apl: `${fieldName(alias)} = ${call}` };
}

/** The bucket width: `auto` (bin_auto) or a Go duration such as `1m0s`. */
function timeKey(resolution: string | undefined): string {
  if (!resolution || resolution === 'auto') return 'bin_auto(_time)';
  const nanos = parseTimespanText(resolution);
  if (nanos === undefined || nanos <= 0) throw invalid(`resolution "${resolution}" is neither "auto" nor a duration`);
  return `bin(_time, ${Math.max(1, Math.round(nanos / 1e6))}ms)`;
}

export interface CompiledStructured {
  apl: string;
  limit: number;
  aggregated: boolean;
}

/** The APL equivalent of a structured query over one dataset. */
export function structuredToApl(dataset: string, query: StructuredQuery): CompiledStructured {
  const stages: string[] = [fieldName(dataset)];
  const virtual = query.virtualFields ?? [];
  if (virtual.length) stages.push(`extend ${virtual.map((field) => `${fieldName(field.alias)} = ${field.expr}`).join(', ')}`);
  const predicate = filterPredicate(query.filter);
  if (predicate) stages.push(`where ${predicate}`);
  const limit = query.limit && query.limit > 0 ? Math.min(query.limit, structuredMaxLimit) : structuredDefaultLimit;
  const aggregations = query.aggregations ?? [];
  const groupBy = query.groupBy ?? [];
  if (aggregations.length) {
    const calls = aggregations.map(aggregationCall);
    stages.push(`summarize ${calls.map((call) => call.apl).join(', ')} by ${[timeKey(query.resolution), ...groupBy.map(fieldName)].join(', ')}`);
    return { apl: stages.join('\n| '), limit, aggregated: true };
  }
  if (groupBy.length) {
    stages.push(`summarize by ${groupBy.map(fieldName).join(', ')}`);
  }
  const project = query.project ?? [];
  if (project.length) {
    const named = new Set(project.map((entry) => entry.alias || entry.field));
    const system = ['_time', '_sysTime'].filter((name) => !named.has(name) && !groupBy.length).map((name) => name);
    stages.push(`project ${[...system, ...project.map((entry) => (entry.alias && entry.alias !== entry.field ? `${fieldName(entry.alias)} = ${fieldName(entry.field)}` : fieldName(entry.field)))].join(', ')}`);
  }
  const order = query.order ?? [];
  if (order.length) stages.push(`sort by ${order.map((key) => `${fieldName(key.field)} ${key.desc ? 'desc' : 'asc'}`).join(', ')}`);
  stages.push(`take ${limit}`);
  return { apl: stages.join('\n| '), limit, aggregated: false };
}

/** A wire number: a long past 2^53 is a bigint (values.ts), which compares with numbers by value. */
const isNumeric = (value: unknown): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

/** Sorts rows of named columns by the request's order keys (nulls last), as the totals are ordered. */
export function sortRows(rows: unknown[][], columns: readonly { name: string }[], order: readonly { field: string; desc?: boolean }[]): unknown[][] {
  const keys = order.map((key) => ({ index: columns.findIndex((column) => column.name === key.field), desc: key.desc === true })).filter((key) => key.index >= 0);
  if (!keys.length) return rows;
  const compare = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    if (isNumeric(a) && isNumeric(b)) return a < b ? -1 : a > b ? 1 : 0;
    return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  };
  return [...rows].sort((left, right) => {
    for (const key of keys) {
      const a = left[key.index];
      const b = right[key.index];
      if (a === null || a === undefined || b === null || b === undefined) {
        const result = compare(a, b);
        if (result) return result;
        continue;
      }
      const result = compare(a, b);
      if (result) return key.desc ? -result : result;
    }
    return 0;
  });
}
