/** True when a line holding only whitespace lies between two offsets: queries are separated by one. */
export function hasBlankLine(text: string, start: number, end: number): boolean {
  let newlines = 0;
  for (let i = start; i < end; i++) {
    const char = text.charCodeAt(i);
    if (char === 10) {
      if (++newlines >= 2) return true;
    } else if (char !== 13 && char !== 32 && char !== 9) {
      newlines = 0;
    }
  }
  return false;
}

/** Whether a line ends between `start` and `end`. */
export function hasLineBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const char = text.charCodeAt(i);
    if (char === 10 || char === 13) return true;
  }
  return false;
}
