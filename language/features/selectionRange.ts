/**
 * Expand selection: for a position, the spans that hold it, from the innermost outwards — the
 * word under it, each syntax node around it (an argument, the call, the comparison, the `where`,
 * the pipeline, the statement), and the whole document. Each span contains the one before it.
 */
import type { ParsedDocument, SyntaxToken } from '../syntax/parseResult.ts';
import type { Node } from '../syntax/ast.ts';
import { forEachChild } from '../syntax/visit.ts';
import type { SelectionRange } from '../types.ts';

interface Span {
  start: number;
  end: number;
}

export function getSelectionRanges(parsed: ParsedDocument, offsets: readonly number[]): SelectionRange[] {
  return offsets.map((offset) => selectionAt(parsed, offset));
}

function selectionAt(parsed: ParsedDocument, offset: number): SelectionRange {
  const spans: Span[] = [{ start: 0, end: parsed.text.length }, ...nodesAround(parsed.root, offset)];
  const token = tokenAt(parsed.tokens, offset);
  if (token) spans.push(token);
  let selection: SelectionRange | undefined;
  let outer: Span | undefined;
  // Outermost first: each span that fits inside the last one kept (and is not the same span) nests in it.
  for (const span of spans) {
    if (outer && (span.start < outer.start || span.end > outer.end || (span.start === outer.start && span.end === outer.end))) continue;
    if (outer && span.start === span.end) continue;
    selection = { range: parsed.lineIndex.rangeOf(span.start, span.end), ...(selection ? { parent: selection } : {}) };
    outer = span;
  }
  return selection!;
}

/** The nodes that hold the offset, outermost first (a loop down the tree: its depth is bounded by the parser). */
function nodesAround(root: Node, offset: number): Node[] {
  const path: Node[] = [];
  let node: Node | undefined = root;
  while (node) {
    path.push(node);
    let inside: Node | undefined;
    let endingHere: Node | undefined;
    forEachChild(node, (child) => {
      if (child.start <= offset && offset < child.end) inside ??= child;
      else if (child.end === offset && child.start < offset) endingHere = child;
    });
    node = inside ?? endingHere;
  }
  return path;
}

/** The token under the offset, or the one just before it when the offset is at its end. */
function tokenAt(tokens: readonly SyntaxToken[], offset: number): SyntaxToken | undefined {
  let low = 0;
  let high = tokens.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const token = tokens[middle]!;
    if (token.end < offset) low = middle + 1;
    else if (token.start > offset) high = middle - 1;
    else return offset < token.end || middle === tokens.length - 1 || tokens[middle + 1]!.start > offset ? token : tokens[middle + 1];
  }
  return undefined;
}
