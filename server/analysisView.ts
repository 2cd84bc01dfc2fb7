import type { AnalyzedDocument, Position, Range } from '../language/index.ts';

/**
 * A document's analysis, seen from the document. A notebook cell is analysed with a prelude (the
 * `let` statements of the cells above it) before its own text; the prelude ends with a line break,
 * so the cell's line n is the analysed text's line n + `preludeLines` and characters are unchanged.
 * For any other document `preludeLines` is 0 and both directions are the identity.
 */
export class AnalysisView {
  constructor(
    readonly analyzed: AnalyzedDocument,
    readonly preludeLines: number,
  ) {}

  toAnalyzed(position: Position): Position {
    return { line: position.line + this.preludeLines, character: position.character };
  }

  toAnalyzedRange(range: Range): Range {
    return { start: this.toAnalyzed(range.start), end: this.toAnalyzed(range.end) };
  }

  /**
   * A result of the language core with every position in it (an object with numeric `line` and
   * `character`: positions, range ends, semantic tokens) moved into the document; undefined when
   * any of them lies in the prelude, i.e. in another cell. Offsets (`start`/`end` numbers of a core
   * diagnostic) stay as they are: the server never sends them.
   */
  fromAnalyzed<T>(result: T): T | undefined {
    if (this.preludeLines === 0) return result;
    let outside = false;
    const shift = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shift);
      if (value === null || typeof value !== 'object') return value;
      const copy: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) copy[key] = shift(field);
      if (typeof copy.line === 'number' && typeof copy.character === 'number') {
        const line = copy.line - this.preludeLines;
        if (line < 0) outside = true;
        copy.line = line;
      }
      return copy;
    };
    const shifted = shift(result) as T;
    return outside ? undefined : shifted;
  }

  /** The items of a list result that lie in the document, moved into it; the others are left out. */
  listFromAnalyzed<T>(results: readonly T[]): T[] {
    return results.flatMap((result) => {
      const shifted = this.fromAnalyzed(result);
      return shifted === undefined ? [] : [shifted];
    });
  }
}
