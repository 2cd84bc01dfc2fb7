/** A fenced code block of a Markdown/MDX page. */
export interface CodeBlock {
  /** The page's path, as the caller names it. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info word, lower-cased (`kusto`, `sql`, ...); empty when untagged. */
  language: string;
  /** Whatever follows the info word (`APL equivalent`, `Splunk example`, `wrap`). */
  title: string;
  /** The text of the nearest Markdown heading above the block. */
  heading: string;
  /** The block's content, with the fence's own indentation removed and outer blank lines trimmed. */
  text: string;
}

const openingFence = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\s`]*)[ \t]*(.*)$/;
const heading = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;

/**
 * Every fenced code block of a page. MDX pages indent fences inside JSX (`<Tab>`, `<CodeGroup>`);
 * a closing fence is the same character repeated at least as often, alone on its line.
 */
export function codeBlocksOf(file: string, source: string): CodeBlock[] {
  const lines = source.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let currentHeading = '';
  for (let index = 0; index < lines.length; index++) {
    const headingMatch = heading.exec(lines[index]);
    if (headingMatch) {
      currentHeading = headingMatch[1].trim();
      continue;
    }
    const fence = openingFence.exec(lines[index]);
    if (!fence) continue;
    const [, indent, marker, language, title] = fence;
    const closing = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end])) body.push(lines[end++]);
    blocks.push({
      file,
      line: index + 1,
      language: language.toLowerCase(),
      title: title.trim(),
      heading: currentHeading,
      text: trimBlankLines(body.map((line) => removeIndent(line, indent.length))).join('\n'),
    });
    index = end;
  }
  return blocks;
}

function removeIndent(line: string, width: number): string {
  let cut = 0;
  while (cut < width && (line[cut] === ' ' || line[cut] === '\t')) cut++;
  return line.slice(cut);
}

function trimBlankLines(lines: string[]): string[] {
  let first = 0;
  let last = lines.length;
  while (first < last && lines[first].trim() === '') first++;
  while (last > first && lines[last - 1].trim() === '') last--;
  return lines.slice(first, last);
}
