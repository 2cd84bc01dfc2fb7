import type { ScalarType } from '../analysis/analyzer.ts';
import { parseTypeSpec } from '../analysis/types.ts';
import { aggregations, findAggregation, findScalarFunction, scalarFunctions, type FunctionEntry } from '../catalog/catalog.ts';
import { acceptsArguments, activeParameter } from './callSignatures.ts';
import type { Frame } from './context.ts';

/**
 * What a catalog function's argument at the cursor may be, for completion: nothing at all when
 * no signature takes an argument there (`count(`, `strlen(x, `), else, when every signature
 * that does names its parameter's types, those types, so values that fit are listed first.
 */
export type ArgumentExpectation = { kind: 'none' } | { kind: 'some'; types?: ReadonlySet<ScalarType> };

const numericTypes = new Set<ScalarType>(['int', 'long', 'real']);

/** The expectation in a call's parentheses; undefined when the callee is no catalog function. */
export function expectedArgument(frame: Frame): ArgumentExpectation | undefined {
  const name = frame.before?.text ?? '';
  const entries = [findScalarFunction(name), findAggregation(name)].filter((entry): entry is FunctionEntry => entry !== undefined);
  if (entries.length === 0) return undefined;
  const commas = frame.tokens.filter((token) => token.type === 'Comma').length;
  const types = new Set<ScalarType>();
  let typed = true;
  let accepted = false;
  for (const signature of entries.flatMap((entry) => entry.signatures)) {
    if (!acceptsArguments(signature, commas, true)) continue;
    accepted = true;
    const spec = parseTypeSpec(signature.params[activeParameter(signature, commas)].type);
    if (spec.kind === 'set') spec.types.forEach((type) => types.add(type));
    else typed = false;
  }
  if (!accepted) return { kind: 'none' };
  return typed ? { kind: 'some', types } : { kind: 'some' };
}

/** Whether a value of this type fits the expected types; numbers fit any numeric parameter. */
export function fitsType(type: ScalarType | 'table', expected: ReadonlySet<ScalarType>): boolean {
  if (type === 'table' || type === 'unknown') return false;
  if (expected.has(type)) return true;
  return numericTypes.has(type) && [...numericTypes].some((numeric) => expected.has(numeric));
}

let returnTypes: Map<string, ScalarType[]> | undefined;

/** Whether some signature of the function returns a type that fits; `same:N` returns count as unknown. */
export function functionFits(name: string, expected: ReadonlySet<ScalarType>): boolean {
  returnTypes ??= readReturnTypes();
  return (returnTypes.get(name) ?? []).some((type) => fitsType(type, expected));
}

function readReturnTypes(): Map<string, ScalarType[]> {
  const map = new Map<string, ScalarType[]>();
  for (const entry of [...scalarFunctions(), ...aggregations()]) {
    const types = map.get(entry.name) ?? [];
    for (const signature of entry.signatures) {
      const spec = parseTypeSpec(signature.returns);
      if (spec.kind === 'set') types.push(...spec.types);
    }
    map.set(entry.name, types);
  }
  return map;
}

/** The types of the literal words completion offers (`null` fits nowhere in particular). */
export const constantTypes: ReadonlyMap<string, ScalarType> = new Map<string, ScalarType>([
  ['true', 'bool'],
  ['false', 'bool'],
  ['dynamic', 'dynamic'],
  ['datetime', 'datetime'],
  ['timespan', 'timespan'],
]);
