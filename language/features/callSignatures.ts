import type { SignatureEntry } from '../catalog/catalog.ts';

/** Reading a call's argument list against a catalog signature; signature help and completion share it. */

/** Whether a signature can take the arguments so far: `commas` commas, and an argument after the last one if `typing`. */
export function acceptsArguments(signature: SignatureEntry, commas: number, typing: boolean): boolean {
  const params = signature.params;
  if (params.length === 0) return commas === 0 && !typing;
  return commas < params.length || params.some((param) => param.variadic);
}

/** The parameter the next argument fills; repeating parameters stay active as the list grows. */
export function activeParameter(signature: SignatureEntry, commas: number): number {
  const params = signature.params;
  if (commas < params.length) return commas;
  const firstVariadic = params.findIndex((param) => param.variadic);
  if (firstVariadic < 0) return Math.max(0, params.length - 1);
  // A repeating tuple (`[key, value]...`) cycles through its members.
  const groupSize = signature.variadicGroup?.length ?? 1;
  return firstVariadic + ((commas - firstVariadic) % groupSize);
}
