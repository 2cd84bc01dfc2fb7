import type { Position, Range } from '../types.ts';
import { partitionPoint } from './sorted.ts';

/** Converts between UTF-16 offsets and zero-based line/character positions. */
export class LineIndex {
  private readonly lineStarts: number[];

  /** `text` whose line starts up to `from` are `starts` already (see `after`). */
  constructor(
    readonly text: string,
    starts = [0],
    from = 0,
  ) {
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 /* \n */) {
        starts.push(i + 1);
      } else if (code === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  /**
   * The index of `text`, which begins with the first `prefixLength` characters of `prefix`'s text,
   * ending a line: only the rest is read (a notebook cell after its prelude).
   */
  static after(prefix: LineIndex, prefixLength: number, text: string): LineIndex {
    const count = partitionPoint(prefix.lineStarts, (start) => start <= prefixLength);
    return new LineIndex(text, prefix.lineStarts.slice(0, count), prefixLength);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    // The last line starting at or before the offset (the first line starts at 0).
    const line = partitionPoint(this.lineStarts, (start) => start <= clamped) - 1;
    return { line, character: clamped - this.lineStarts[line]! };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStarts[position.line];
    const lineEnd = this.lineEnd(position.line);
    return Math.min(lineStart + Math.max(0, position.character), lineEnd);
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  lineStart(line: number): number {
    return this.lineStarts[line] ?? this.text.length;
  }

  /** Offset of the end of a line's content, before its line break. */
  lineEnd(line: number): number {
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    while (end > this.lineStarts[line] && (this.text[end - 1] === '\n' || this.text[end - 1] === '\r')) end--;
    return end;
  }
}
