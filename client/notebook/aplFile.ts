/**
 * An `.apl` file as notebook cells and back. Each query block (queryBlocks.ts: lines up to a
 * blank line) becomes an APL cell; a block of comments alone becomes a markdown cell with the
 * comment marks taken off; a `// connection: <name>` first line becomes the notebook's connection.
 * Export writes the APL cells joined by blank lines and the markdown cells as comment blocks, so
 * that a file opened as a notebook and exported again reads as it did. Pure.
 */
import { connectionDirective } from '../connectionDirective.ts';
import { queryBlocks } from '../queryBlocks.ts';
import type { NotebookCell, NotebookFile } from './format.ts';

const commentMark = /^\s*\/\/ ?/;

export function notebookFromAplText(text: string): NotebookFile {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const connection = connectionDirective(lines[0] ?? '');
  if (connection !== undefined) lines[0] = '';
  const cells: NotebookCell[] = [];
  let next = 0;
  const commentsUpTo = (end: number) => {
    // The lines between two queries: comments only (queryBlocks leaves such blocks out).
    let block: string[] = [];
    const flush = () => {
      if (block.length > 0) cells.push({ kind: 'markdown', source: block.join('\n') });
      block = [];
    };
    for (let line = next; line < end; line++) {
      if (lines[line]!.trim() === '') flush();
      else block.push(lines[line]!.replace(commentMark, ''));
    }
    flush();
  };
  for (const block of queryBlocks(lines)) {
    commentsUpTo(block.startLine);
    cells.push({ kind: 'apl', source: block.text });
    next = block.endLine + 1;
  }
  commentsUpTo(lines.length);
  return { metadata: connection === undefined ? {} : { connection }, cells };
}

/**
 * The notebook as an `.apl` file. A blank line inside a cell would end the query in a file, so
 * blank lines inside an APL cell are left out (a cell is one query; whitespace between tokens
 * does not change it).
 */
export function aplTextFromNotebook(notebook: NotebookFile): string {
  const blocks: string[] = [];
  if (notebook.metadata.connection) blocks.push(`// connection: ${notebook.metadata.connection}`);
  for (const cell of notebook.cells) {
    const lines = cell.source.replace(/\r\n?/g, '\n').split('\n');
    if (lines.every((line) => line.trim() === '')) continue;
    // Markdown keeps its paragraphs: a blank line becomes an empty comment, which opens again as a blank line.
    blocks.push(
      cell.kind === 'apl'
        ? lines.filter((line) => line.trim() !== '').join('\n')
        : trimBlankEnds(lines).map((line) => `// ${line}`.trimEnd()).join('\n'),
    );
  }
  return blocks.length === 0 ? '' : blocks.join('\n\n') + '\n';
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}
