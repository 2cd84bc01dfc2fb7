import type { ParsedDocument, SyntaxToken } from '../syntax/parseResult.ts';
import type { FoldingRange } from '../types.ts';

const openers: Record<string, string> = { LParen: 'RParen', LBracket: 'RBracket', LBrace: 'RBrace' };

/**
 * Folds each multi-line query and multi-line `let` statement, each run of two or more
 * consecutive comment lines, and each bracketed group that spans lines (a subquery in
 * parentheses, a long `case(`, a datatable's rows). A group's fold stops before a line that
 * starts with its closing bracket, so `) on trace_id` stays visible.
 */
export function getFoldingRanges(parsed: ParsedDocument): FoldingRange[] {
  const ranges = [...statementRanges(parsed), ...commentRanges(parsed), ...bracketRanges(parsed)];
  return deduplicate(ranges.filter((range) => range.endLine > range.startLine));
}

function statementRanges(parsed: ParsedDocument): FoldingRange[] {
  const line = (offset: number) => parsed.lineIndex.positionAt(offset).line;
  return parsed.root.queries.flatMap((query) => [
    { startLine: line(query.start), endLine: line(query.end) },
    ...query.statements
      .filter((statement) => statement.kind === 'LetStatement')
      .map((statement) => ({ startLine: line(statement.start), endLine: line(statement.end) })),
  ]);
}

function commentRanges(parsed: ParsedDocument): FoldingRange[] {
  const { tokens, lineIndex } = parsed;
  const ranges: FoldingRange[] = [];
  let run: FoldingRange | undefined;
  tokens.forEach((token, i) => {
    if (token.type !== 'Comment') return;
    const line = lineIndex.positionAt(token.start).line;
    const ownLine = i === 0 || lineIndex.positionAt(tokens[i - 1].end).line < line;
    if (!ownLine) return;
    if (run && run.endLine === line - 1) {
      run.endLine = line;
    } else {
      run = { startLine: line, endLine: line, kind: 'comment' };
      ranges.push(run);
    }
  });
  return ranges;
}

function bracketRanges(parsed: ParsedDocument): FoldingRange[] {
  const { tokens, lineIndex, text } = parsed;
  const ranges: FoldingRange[] = [];
  const open: SyntaxToken[] = [];
  for (const token of tokens) {
    if (token.type in openers) {
      open.push(token);
      continue;
    }
    const opener = open.at(-1);
    if (!opener || openers[opener.type] !== token.type) continue;
    open.pop();
    const close = lineIndex.positionAt(token.start);
    const startsLine = text.slice(lineIndex.lineStart(close.line), token.start).trim() === '';
    ranges.push({ startLine: lineIndex.positionAt(opener.start).line, endLine: startsLine ? close.line - 1 : close.line });
  }
  return ranges;
}

/** Editors honour one fold per start line: keep the widest, in line order. */
function deduplicate(ranges: FoldingRange[]): FoldingRange[] {
  const byStart = new Map<number, FoldingRange>();
  for (const range of ranges) {
    const existing = byStart.get(range.startLine);
    if (!existing || range.endLine > existing.endLine) byStart.set(range.startLine, range);
  }
  return [...byStart.values()].sort((a, b) => a.startLine - b.startLine);
}
