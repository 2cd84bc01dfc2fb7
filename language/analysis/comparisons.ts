import type { Expression } from '../syntax/ast.ts';
import type { ScalarType } from './analyzer.ts';
import { messages, rules } from './rules.ts';
import type { AnalysisState } from './state.ts';

const orderingOperators: ReadonlySet<string> = new Set(['==', '!=', '<>', '<', '<=', '>', '>=']);
const numericTypes: ReadonlySet<ScalarType> = new Set(['int', 'long', 'real']);

/**
 * `req_duration_ms > 'abc'`: a number compared with a string literal, which APL does not convert.
 * Only literals are checked; a string column's values are not known here.
 */
export function checkComparison(
  operator: string,
  left: { expression: Expression; type: ScalarType },
  right: { expression: Expression; type: ScalarType },
  state: AnalysisState,
): void {
  if (!orderingOperators.has(operator)) return;
  if (state.strictTypes) {
    if (typeFamily(left.type) !== typeFamily(right.type) && ![left.type, right.type].some(isUntyped)) {
      state.report(rules.strictTypes, right.expression, messages.strictTypes(operator, left.type, right.type));
    }
    return;
  }
  for (const [number, text] of [[left, right], [right, left]] as const) {
    if (numericTypes.has(number.type) && isStringLiteral(text.expression)) {
      state.report(rules.comparisonType, text.expression, messages.comparisonType(operator, number.type));
    }
  }
}

// As the engine's stricttypes check: numbers are one family; dynamic values and untyped nulls compare with anything.
const typeFamily = (type: ScalarType) => (numericTypes.has(type) ? 'number' : type);
const isUntyped = (type: ScalarType) => type === 'dynamic' || type === 'unknown';

function isStringLiteral(expression: Expression): boolean {
  return expression.kind === 'Literal' && expression.type === 'string';
}
