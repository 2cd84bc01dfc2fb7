import type { Severity } from '../types.ts';

/**
 * The semantic rules the analyzer reports, with their stable codes, severities and what each means
 * (`short` and `full`, for reports such as `apl check --format sarif`). Type
 * mismatches are warnings because APL's implicit conversions are undocumented; a summarize
 * column without an aggregation is a warning because the reference itself has such examples.
 */
export const rules = {
  unknownOperator: {
    code: 'unknown-operator', severity: 'error',
    short: 'Unknown tabular operator', full: 'The word after a pipe is not an APL tabular operator.',
  },
  unknownFunction: {
    code: 'unknown-function', severity: 'error',
    short: 'Unknown function', full: 'The function called is not an APL scalar or aggregation function, nor a let-defined one.',
  },
  argumentCount: {
    code: 'argument-count', severity: 'error',
    short: 'Wrong number of arguments', full: 'The function is called with fewer or more arguments than it takes.',
  },
  argumentGroups: {
    code: 'argument-groups', severity: 'warning',
    short: 'Incomplete argument group', full: "A function that takes its arguments in groups (case's condition/result pairs, bag_pack's key/value pairs) is left with an incomplete group.",
  },
  argumentType: {
    code: 'argument-type', severity: 'warning',
    short: 'Argument of an unexpected type', full: "An argument's type does not match what the function expects.",
  },
  unknownWord: {
    code: 'unknown-word', severity: 'error',
    short: 'Unknown word argument', full: "A string argument that names one of a fixed set of words (the part of datetime_add, datetime_diff or datetime_part) is not one of them.",
  },
  aggregationContext: {
    code: 'aggregation-context', severity: 'error',
    short: 'Aggregation out of place', full: 'An aggregation function is used outside summarize or make-series, or inside another aggregation.',
  },
  aggregationExpected: {
    code: 'aggregation-expected', severity: 'warning',
    short: 'Aggregation expected', full: 'A summarize or make-series column is not computed by an aggregation function.',
  },
  unknownDataset: {
    code: 'unknown-dataset', severity: 'error',
    short: 'Unknown dataset', full: 'The query reads a dataset the schema does not list.',
  },
  unknownColumn: {
    code: 'unknown-column', severity: 'error',
    short: 'Unknown column', full: 'The column is neither a field of the dataset nor one an earlier stage of the query creates.',
  },
  columnOutOfScope: {
    code: 'column-out-of-scope', severity: 'error',
    short: 'Column out of scope', full: 'The column existed earlier in the query, but a later stage such as project or summarize dropped it.',
  },
  unknownType: { code: 'unknown-type', severity: 'error', short: 'Unknown type', full: 'The name is not an APL scalar type.' },
  binAutoTime: { code: 'bin-auto-time', severity: 'error', short: 'bin_auto needs _time', full: 'bin_auto is only valid over the _time column.' },
  comparisonType: {
    code: 'comparison-type', severity: 'warning',
    short: 'Number compared with a string', full: 'A comparison puts a number or a datetime against a string literal; APL does not convert one to the other.',
  },
  strictTypes: {
    code: 'strict-types', severity: 'error',
    short: 'Comparison of two types under stricttypes',
    full: 'After `set stricttypes;` a comparison of values of two types fails the query instead of converting one side (numbers count as one type).',
  },
  unknownQueryOption: {
    code: 'unknown-query-option', severity: 'warning',
    short: 'Unknown query option', full: 'The set statement names an option APL does not document; stricttypes is the one it does.',
  },
  dynamicConstant: {
    code: 'dynamic-constant', severity: 'error',
    short: 'Not a constant in a dynamic literal', full: 'A dynamic(...) literal holds only constant values: it cannot refer to a column or call a function.',
  },
} as const satisfies Record<string, { code: string; severity: Severity; short: string; full: string }>;

export type Rule = (typeof rules)[keyof typeof rules];

export const messages = {
  unknownOperator: (name: string) => `Unknown tabular operator '${name}'.`,
  unknownFunction: (name: string) => `Unknown function '${name}'.`,
  argumentCount: (name: string, expected: string, actual: number) =>
    `'${name}' expects ${expected}, but got ${actual}.`,
  argumentType: (name: string, parameter: string, expected: string, actual: string) =>
    `Argument '${parameter}' of '${name}' expects ${expected}, but got ${actual}.`,
  unknownWord: (name: string, parameter: string, word: string, words: readonly string[]) =>
    `'${name}' has no ${parameter} '${word}'; use one of ${words.join(', ')}.`,
  argumentGroups: (name: string, group: readonly string[], tail: readonly string[], actual: number) =>
    `'${name}' expects ${group.join('/')} pairs${tail.length ? ` and a final ${tail.join(', ')}` : ''}, but got ${actual} arguments.`,
  aggregationOutside: (name: string) =>
    `'${name}' is an aggregation; use it in summarize or make-series.`,
  aggregationNested: (name: string) => `The aggregation '${name}' cannot be used inside another aggregation.`,
  aggregationExpected: (operator: string) =>
    `Each ${operator} column needs an aggregation such as count() or avg(x).`,
  unknownDataset: (name: string) => `Unknown dataset '${name}'.`,
  unknownColumn: (name: string) => `Unknown column '${name}'.`,
  unknownColumnOnSide: (name: string, side: string) => `Unknown column '${name}' in the ${side} side of the join.`,
  droppedColumn: (name: string, operator: string) => `Column '${name}' is no longer available after '${operator}'.`,
  unknownType: (name: string) => `Unknown type '${name}'.`,
  binAutoTime: () => `bin_auto only works on _time.`,
  // The engine refuses such a literal with the same words (service/engine/compile/dynamicLiterals.ts).
  dynamicConstant: () => 'A dynamic literal holds only constant values: dynamic(...) cannot refer to a column or call a function.',
  strictTypes: (operator: string, left: string, right: string) =>
    `set stricttypes: '${operator}' cannot compare a ${left} with a ${right}; convert one side, e.g. with tostring() or toreal().`,
  unknownQueryOption: (name: string) => `Unknown query option '${name}'; the option APL documents is stricttypes.`,
  comparisonType: (operator: string, type: string) =>
    `'${operator}' compares a ${type} with a string; convert one side, e.g. with toreal() or tostring().`,
};

/** "1 argument", "2 to 3 arguments", "at least 1 argument". */
export function describeArity(min: number, max: number): string {
  const plural = (count: number) => `${count} argument${count === 1 ? '' : 's'}`;
  if (max === Infinity) return `at least ${plural(min)}`;
  if (min === max) return plural(min);
  return `${min} to ${plural(max)}`;
}
