import type { LiteralType } from '../syntax/ast.ts';
import { normalizeTypeName } from '../catalog/catalog.ts';
import type { ScalarType } from './analyzer.ts';

/**
 * Type rules: literal types, arithmetic results, how the catalog's parameter types read, and
 * which argument types are clearly wrong for a parameter.
 */

/** A catalog parameter or return type, parsed once. */
export type TypeSpec =
  | { kind: 'any' }
  | { kind: 'type' }
  | { kind: 'columns' }
  | { kind: 'same'; index: number }
  | { kind: 'set'; types: ReadonlySet<ScalarType> };

const specCache = new Map<string, TypeSpec>();
const numericTypes: ScalarType[] = ['int', 'long', 'real'];

export function parseTypeSpec(text: string): TypeSpec {
  let spec = specCache.get(text);
  if (!spec) {
    spec = readTypeSpec(text);
    specCache.set(text, spec);
  }
  return spec;
}

function readTypeSpec(text: string): TypeSpec {
  const same = /^same:(\d+)$/.exec(text);
  if (same) return { kind: 'same', index: Number(same[1]) };
  if (text === 'any' || text === 'type' || text === 'columns') return { kind: text };
  const types = new Set<ScalarType>();
  for (const part of text.split('|')) {
    if (part === 'numeric') numericTypes.forEach((type) => types.add(type));
    else types.add(normalizeTypeName(part) ?? 'unknown');
  }
  // A name the catalog uses but we do not know: accept anything rather than guess.
  return types.has('unknown') ? { kind: 'any' } : { kind: 'set', types };
}

export function literalType(type: LiteralType): ScalarType {
  return type === 'null' ? 'unknown' : type;
}

/** A type name as written in `typeof(...)`, a declaration or a typed literal. */
export function typeFromName(name: string): ScalarType | undefined {
  return normalizeTypeName(name);
}

function isNumeric(type: ScalarType): boolean {
  return type === 'int' || type === 'long' || type === 'real';
}

function widerNumeric(left: ScalarType, right: ScalarType): ScalarType {
  if (left === 'real' || right === 'real') return 'real';
  if (left === 'long' || right === 'long') return 'long';
  return 'int';
}

/** The result of `+ - * / %`; 'unknown' when the rules do not say. */
export function arithmeticType(operator: string, left: ScalarType, right: ScalarType): ScalarType {
  if (isNumeric(left) && isNumeric(right)) return widerNumeric(left, right);
  if (left === 'datetime' && right === 'datetime') return operator === '-' ? 'timespan' : 'unknown';
  if (left === 'datetime' && right === 'timespan') return operator === '+' || operator === '-' ? 'datetime' : 'unknown';
  if (left === 'timespan' && right === 'datetime') return operator === '+' ? 'datetime' : 'unknown';
  if (left === 'timespan' && right === 'timespan') {
    if (operator === '/') return 'real';
    return operator === '*' ? 'unknown' : 'timespan';
  }
  if (left === 'timespan' && isNumeric(right)) return operator === '*' || operator === '/' ? 'timespan' : 'unknown';
  if (isNumeric(left) && right === 'timespan') return operator === '*' ? 'timespan' : 'unknown';
  return 'unknown';
}

export const arithmeticOperators: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);

/**
 * Whether an argument of type `actual` is clearly wrong where `expected` is wanted. Deliberately
 * narrow, since APL's implicit conversions are not documented: unknown and dynamic values never
 * mismatch, numbers, bools and timespans convert among themselves, and a string parameter takes
 * anything. What remains is a string where only non-string types are accepted, and a datetime
 * where neither datetimes nor strings are.
 */
export function isClearMismatch(actual: ScalarType, expected: TypeSpec): boolean {
  if (expected.kind !== 'set') return false;
  if (actual === 'unknown' || actual === 'dynamic') return false;
  const accepted = expected.types;
  if (accepted.has(actual) || accepted.has('dynamic') || accepted.has('string')) return false;
  if (actual === 'string') return true;
  if (actual === 'datetime') return !accepted.has('datetime');
  return false;
}

export function describeSpec(spec: TypeSpec): string {
  switch (spec.kind) {
    case 'set':
      return [...spec.types].join(' or ');
    case 'same':
      return 'the same type';
    default:
      return spec.kind;
  }
}
