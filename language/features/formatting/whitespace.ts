/** Counts line breaks in text[from, to); `\r\n` is one break. */
export function lineBreakCount(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) count++;
    else if (code === 13) {
      count++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return count;
}

/** The document's own line break (its first one), `\n` when it has none. */
export function detectEol(text: string): string {
  const match = /\r\n|\n|\r/.exec(text);
  return match ? match[0] : '\n';
}

/** What a gap holds before its first line break: the trailing spaces of the line above. */
export function beforeFirstBreak(gap: string): string {
  const match = /[\r\n]/.exec(gap);
  return match ? gap.slice(0, match.index) : gap;
}

/** What a gap holds after its last line break: the indentation of the line below. */
export function afterLastBreak(gap: string): string {
  const last = Math.max(gap.lastIndexOf('\n'), gap.lastIndexOf('\r'));
  return gap.slice(last + 1);
}
