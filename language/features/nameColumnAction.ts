import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { columnNameOf } from '../analysis/naming.ts';
import { nodePathAt } from '../syntax/visit.ts';
import type { CodeAction } from '../types.ts';
import { nameReference } from './names.ts';

/**
 * "Name this column" on an unnamed computed column of extend, project or summarize
 * (`extend strlen(uri)`, `summarize avg(x)`): writes out the name the analyzer gives it
 * (`Column1`, `avg_x`) as `name = `, so the query says what it produces.
 */
export function nameColumnActions(analyzed: AnalyzedDocument, offset: number): CodeAction[] {
  const path = nodePathAt(analyzed.parsed.root, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind !== 'ColumnDefinition') continue;
    // A bare column (`project status`) already says its name.
    if (node.name || node.expression.kind === 'Missing' || columnNameOf(node.expression)) return [];
    const name = analyzed.nameGivenTo(node);
    if (!name) return [];
    const at = analyzed.parsed.lineIndex.positionAt(node.expression.start);
    return [{ title: `Name this column '${name}'`, kind: 'refactor', edits: [{ range: { start: at, end: at }, newText: `${nameReference(name)} = ` }] }];
  }
  return [];
}
