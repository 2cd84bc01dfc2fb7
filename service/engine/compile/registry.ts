/** The scalar function table: each APL function name mapped to the code that compiles a call of it. */
import type { CallNode, Expression } from '../../../language/index.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import type { ScalarType } from './types.ts';

/** One call being compiled: its arguments compiled on demand. */
export interface CallSite {
  call: CallNode;
  scope: ExpressionScope;
  raw: Expression[];
  arg(index: number): Compiled;
  /** Every argument compiled. */
  all(): Compiled[];
  fail(message: string): Error;
}

export type Implementation = (site: CallSite) => Compiled;

export const functions = new Map<string, Implementation>();

export const out = (sql: string, type: ScalarType, array = false): Compiled => ({ sql, type, array });

export function define(names: string | string[], implementation: Implementation): void {
  for (const name of Array.isArray(names) ? names : [names]) functions.set(name, implementation);
}

/** Functions whose arguments map straight onto a SQL template. */
export function simple(names: string | string[], type: ScalarType, template: (...args: string[]) => string, convert: (c: Compiled) => string = (c) => c.sql): void {
  define(names, (site) => out(template(...site.all().map(convert)), type));
}

export function literalString(site: CallSite, index: number): string {
  const expression = site.raw[index];
  if (expression?.kind !== 'Literal' || expression.type !== 'string') throw site.fail(`${site.call.callee.name}() expects a string literal as argument ${index + 1}`);
  return String(expression.value);
}
