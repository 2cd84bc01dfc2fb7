/**
 * Inlay hints: after each `summarize`, `project`, `extend` and the other operators that shape
 * the table, the columns it produces and their types (`→ count_: long, method: string`), as the
 * analyzer follows the schema through the pipeline. `extend` shows the columns it adds or
 * replaces; the others every column of their output. Long lists are cut; the tooltip has them all.
 */
import type { AnalyzedDocument, Column } from '../analysis/analyzer.ts';
import type { TabularOperator } from '../syntax/ast.ts';
import { walk } from '../syntax/visit.ts';
import type { InlayHint, Range } from '../types.ts';

const shaping = new Set<TabularOperator['kind']>(['summarize', 'project', 'project-away', 'project-keep', 'project-rename', 'project-reorder', 'extend', 'count', 'distinct', 'make-series', 'top', 'getschema']);
const shownColumns = 6;

export function getInlayHints(analyzed: AnalyzedDocument, range?: Range): InlayHint[] {
  const { lineIndex } = analyzed.parsed;
  const hints: InlayHint[] = [];
  walk(analyzed.parsed.root, (node) => {
    if (node.kind !== 'Pipeline') return;
    for (const operator of node.operators) {
      if (!shaping.has(operator.kind)) continue;
      const position = lineIndex.positionAt(operator.end);
      if (range && (position.line < range.start.line || position.line > range.end.line)) continue;
      const hint = hintFor(analyzed, operator);
      if (hint) hints.push({ position, ...hint });
    }
  });
  return hints;
}

function hintFor(analyzed: AnalyzedDocument, operator: TabularOperator): { label: string; tooltip: string } | undefined {
  const output = analyzed.outputOf(operator);
  if (!output) return undefined;
  let columns = output.columns;
  if (operator.kind === 'extend') {
    const before = new Map((analyzed.inputOf(operator)?.columns ?? []).map((column) => [column.name, column.type]));
    const defined = new Set(operator.columns.flatMap((definition) => (definition.name ? [definition.name.name] : [])));
    columns = columns.filter((column) => defined.has(column.name) || before.get(column.name) !== column.type);
  }
  if (columns.length === 0) return undefined;
  const shown = columns.slice(0, shownColumns).map(describe);
  const more = columns.length - shown.length;
  const open = output.open && operator.kind !== 'extend' ? ', …' : '';
  return {
    label: `→ ${shown.join(', ')}${more > 0 ? `, +${more} more` : ''}${open}`,
    tooltip: columns.map((column) => `- \`${column.name}\`: ${column.type}`).join('\n'),
  };
}

const describe = (column: Column) => `${column.name}: ${column.type}`;
