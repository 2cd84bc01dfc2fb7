/**
 * The connection a file names on its first line, `// connection: prod`: runs from that file go
 * there whatever connection is active. Only the first line counts, so a comment further down that
 * happens to read the same changes nothing.
 */

const directive = /^\s*\/\/\s*connection\s*:\s*(\S+)\s*$/i;

/** The name on the first line of `text`, or undefined when the first line is no such comment. */
export function connectionDirective(text: string): string | undefined {
  const end = text.indexOf('\n');
  const firstLine = (end < 0 ? text : text.slice(0, end)).replace(/^\uFEFF/, '').replace(/\r$/, '');
  return directive.exec(firstLine)?.[1];
}
