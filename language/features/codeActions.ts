/**
 * Code actions:
 * - quick fixes: each "did you mean" of a diagnostic (an unknown column, dataset, function or
 *   operator with a likely intended name) as an edit that puts the name in, written the way the
 *   source wrote the name it replaces: `['…']` where the source used brackets or the name is not
 *   an identifier;
 * - "add a time filter" on a query that reads a dataset and has no `where` on `_time`: a
 *   `| where _time > ago(1h)` right after the dataset, where it narrows the rows read;
 * - "name this column" on an unnamed extend, project or summarize column (nameColumnAction.ts).
 */
import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { PipelineNode } from '../syntax/ast.ts';
import { walk } from '../syntax/visit.ts';
import type { CodeAction, Diagnostic, Range } from '../types.ts';
import { nameColumnActions } from './nameColumnAction.ts';
import { escapeQuoted, nameReference } from './names.ts';

/** Diagnostics whose replacement is a function or operator name: written bare, as the catalog spells it. */
const catalogNames = new Set(['unknown-function', 'unknown-operator']);

export function getCodeActions(analyzed: AnalyzedDocument, diagnostics: readonly Diagnostic[], range: Range): CodeAction[] {
  const { parsed } = analyzed;
  const start = parsed.lineIndex.offsetAt(range.start);
  const end = parsed.lineIndex.offsetAt(range.end);
  return [...quickFixes(parsed, diagnostics, start, end), ...nameColumnActions(analyzed, start), ...timeFilterActions(parsed, start)];
}

function quickFixes(parsed: ParsedDocument, diagnostics: readonly Diagnostic[], start: number, end: number): CodeAction[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.replacements && diagnostic.start <= end && diagnostic.end >= start)
    .flatMap((diagnostic) =>
      diagnostic.replacements!.map((name, index) => ({
        title: `Change to '${name}'`,
        kind: 'quickfix' as const,
        diagnostic,
        edits: [{ range: diagnostic.range, newText: replacementText(diagnostic.code, name, parsed.text.slice(diagnostic.start, diagnostic.end)) }],
        ...(index === 0 ? { isPreferred: true } : {}),
      })),
    );
}

function replacementText(code: string, name: string, replaced: string): string {
  if (catalogNames.has(code)) return name;
  // A word argument (`datetime_add('mnth', …)`) stays a string in the replaced one's quotes.
  if (code === 'unknown-word') {
    const open = replaced.startsWith('@') ? replaced.slice(0, 2) : replaced[0]!;
    return `${open}${name}${open.at(-1)}`;
  }
  return spelled(name, replaced);
}

/** A column or dataset name as the replaced text wrote its own: bracketed if that was, or if the name needs it. */
function spelled(name: string, replaced: string): string {
  return replaced.startsWith('[') ? `['${escapeQuoted(name, "'")}']` : nameReference(name);
}

/** The main pipeline of the query under the cursor, when it reads a dataset and never filters on `_time`. */
function timeFilterActions(parsed: ParsedDocument, offset: number): CodeAction[] {
  const query = parsed.root.queries.find((candidate) => candidate.start <= offset && offset <= candidate.end);
  const statement = query?.statements.find((candidate) => candidate.kind === 'ExpressionStatement');
  const pipeline = statement?.kind === 'ExpressionStatement' && statement.expression.kind === 'Pipeline' ? statement.expression : undefined;
  if (!pipeline || pipeline.source.kind !== 'Name' || filtersOnTime(pipeline)) return [];
  const at = parsed.lineIndex.positionAt(pipeline.source.end);
  const multiLine = parsed.text.slice(pipeline.source.end, pipeline.end).includes('\n');
  return [
    {
      title: 'Add a time filter (the last hour)',
      kind: 'refactor',
      edits: [{ range: { start: at, end: at }, newText: `${multiLine ? '\n' : ' '}| where _time > ago(1h)` }],
    },
  ];
}

function filtersOnTime(pipeline: PipelineNode): boolean {
  return pipeline.operators.some((operator) => {
    if (operator.kind !== 'where') return false;
    let mentions = false;
    walk(operator, (node) => {
      if (node.kind === 'Name' && node.name === '_time') mentions = true;
    });
    return mentions;
  });
}
