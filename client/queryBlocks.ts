/**
 * Queries in an `.apl` file are separated by blank lines: the query under the cursor is the block
 * of non-blank lines around it. Works on plain lines so it can be tested without an editor.
 */

export interface QueryBlock {
  /** First line, zero-based. */
  startLine: number;
  /** Last line, inclusive. */
  endLine: number;
  text: string;
}

const isBlank = (line: string) => line.trim() === '';
const isComment = (line: string) => line.trimStart().startsWith('//');

/** Every block that holds more than comments, in document order. */
export function queryBlocks(lines: readonly string[]): QueryBlock[] {
  const blocks: QueryBlock[] = [];
  let start = -1;
  for (let line = 0; line <= lines.length; line++) {
    const blank = line === lines.length || isBlank(lines[line]);
    if (!blank && start < 0) start = line;
    if (blank && start >= 0) {
      const block = makeBlock(lines, start, line - 1);
      if (block) blocks.push(block);
      start = -1;
    }
  }
  return blocks;
}

/** The block containing `line`; on a blank line, the nearest block above it, else below it. */
export function blockAtLine(lines: readonly string[], line: number): QueryBlock | undefined {
  const blocks = queryBlocks(lines);
  const containing = blocks.find((block) => block.startLine <= line && line <= block.endLine);
  if (containing) return containing;
  const above = blocks.filter((block) => block.endLine < line).at(-1);
  return above ?? blocks.find((block) => block.startLine > line);
}

function makeBlock(lines: readonly string[], startLine: number, endLine: number): QueryBlock | undefined {
  const slice = lines.slice(startLine, endLine + 1);
  if (slice.every(isComment)) return undefined;
  return { startLine, endLine, text: slice.join('\n') };
}

/**
 * Maps a one-based `line`/`column` inside a query (as the service reports errors) to a zero-based
 * document position, given where the query text starts in the document.
 */
export function toDocumentPosition(
  queryStart: { line: number; character: number },
  position: { line: number; column: number },
): { line: number; character: number } {
  const line = queryStart.line + position.line - 1;
  const character = (position.line === 1 ? queryStart.character : 0) + position.column - 1;
  return { line, character: Math.max(0, character) };
}
