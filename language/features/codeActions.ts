/**
 * Quick fixes: each "did you mean" of a diagnostic (an unknown column, dataset or function with a
 * likely intended name) as an edit that puts the name in, written the way the source wrote the
 * name it replaces: `['…']` where the source used brackets or the name is not an identifier.
 */
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { CodeAction, Diagnostic, Range } from '../types.ts';

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function getCodeActions(parsed: ParsedDocument, diagnostics: readonly Diagnostic[], range: Range): CodeAction[] {
  const start = parsed.lineIndex.offsetAt(range.start);
  const end = parsed.lineIndex.offsetAt(range.end);
  return diagnostics
    .filter((diagnostic) => diagnostic.replacements && diagnostic.start <= end && diagnostic.end >= start)
    .flatMap((diagnostic) =>
      diagnostic.replacements!.map((name, index) => ({
        title: `Change to '${name}'`,
        kind: 'quickfix' as const,
        diagnostic,
        edits: [{ range: diagnostic.range, newText: spelled(name, parsed.text.slice(diagnostic.start, diagnostic.end)) }],
        ...(index === 0 ? { isPreferred: true } : {}),
      })),
    );
}

/** The name as the replaced text wrote its own: bracketed if that was, or if the name needs it. */
function spelled(name: string, replaced: string): string {
  if (!replaced.startsWith('[') && identifier.test(name)) return name;
  return `['${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}
