import type { Severity } from '../types.ts';

/**
 * The semantic rules the analyzer reports, with their stable codes and severities. Type
 * mismatches are warnings because APL's implicit conversions are undocumented; a summarize
 * column without an aggregation is a warning because the reference itself has such examples.
 */
export const rules = {
  unknownOperator: { code: 'unknown-operator', severity: 'error' },
  unknownFunction: { code: 'unknown-function', severity: 'error' },
  argumentCount: { code: 'argument-count', severity: 'error' },
  argumentGroups: { code: 'argument-groups', severity: 'warning' },
  argumentType: { code: 'argument-type', severity: 'warning' },
  unknownWord: { code: 'unknown-word', severity: 'error' },
  aggregationContext: { code: 'aggregation-context', severity: 'error' },
  aggregationExpected: { code: 'aggregation-expected', severity: 'warning' },
  unknownDataset: { code: 'unknown-dataset', severity: 'error' },
  unknownColumn: { code: 'unknown-column', severity: 'error' },
  columnOutOfScope: { code: 'column-out-of-scope', severity: 'error' },
  unknownType: { code: 'unknown-type', severity: 'error' },
  binAutoTime: { code: 'bin-auto-time', severity: 'error' },
  comparisonType: { code: 'comparison-type', severity: 'warning' },
  dynamicConstant: { code: 'dynamic-constant', severity: 'error' },
} as const satisfies Record<string, { code: string; severity: Severity }>;

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
