/** Characters a blank line may hold besides its line break: spaces, tabs, carriage returns. */
function isBlankSpace(char: number): boolean {
  return char === 13 || char === 32 || char === 9;
}

/** True when a line holding only whitespace lies between two offsets: queries are separated by one. */
export function hasBlankLine(text: string, start: number, end: number): boolean {
  let newlines = 0;
  for (let i = start; i < end; i++) {
    const char = text.charCodeAt(i);
    if (char === 10) {
      if (++newlines >= 2) return true;
    } else if (!isBlankSpace(char)) {
      newlines = 0;
    }
  }
  return false;
}

export interface TextRange {
  start: number;
  end: number;
}

/**
 * The stretches between blank lines (lines as `hasBlankLine` reads them), each ending after a line
 * break or at the end of the text. A stretch may hold no token (comments only): the tokens of each
 * that has some are one query's.
 */
export function blankLineStretches(text: string): TextRange[] {
  const stretches: TextRange[] = [];
  let start = 0;
  let lineStart = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (blank && lineStart > 0) {
        if (lineStart > start) stretches.push({ start, end: lineStart });
        start = i + 1;
      }
      lineStart = i + 1;
      blank = true;
    } else if (!isBlankSpace(code)) {
      blank = false;
    }
  }
  if (start < text.length) stretches.push({ start, end: text.length });
  return stretches;
}

/** Whether a line ends between `start` and `end`. */
export function hasLineBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const char = text.charCodeAt(i);
    if (char === 10 || char === 13) return true;
  }
  return false;
}
