import type { OperatorOption } from '../syntax/ast.ts';

/** Operator options such as `kind=inner`, `withsource=src`, `with_itemindex=i` (names ignore case). */
export function findOption(options: OperatorOption[], name: string): OperatorOption | undefined {
  const wanted = name.toLowerCase();
  return options.find((candidate) => candidate.name.name.toLowerCase() === wanted);
}

/** An option's value as written, when it is a name or a literal. */
export function optionText(options: OperatorOption[], name: string): string | undefined {
  const value = findOption(options, name)?.value;
  if (value?.kind === 'Name') return value.name;
  if (value?.kind === 'Literal') return String(value.value);
  return undefined;
}
