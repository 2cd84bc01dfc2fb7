/**
 * Column widths that fit their content: a sample of rows (the first screens and rows spread over
 * the rest) is measured, with the header, and each column gets the widest, within bounds. Pure:
 * the caller measures text (a canvas in the webview).
 */

export interface FitOptions {
  /** Pixels a text takes in the cell font. */
  measure: (text: string) => number;
  /** Pixels a header text takes (bold, with room for the sort arrow and resize handle). */
  measureHeader?: (text: string) => number;
  /** Cell padding, both sides together. */
  padding?: number;
  min?: number;
  max?: number;
}

export const defaultMinWidth = 48;
export const defaultMaxWidth = 480;

/** Row indices to measure: the first `head` rows and `spread` more evenly over the rest. */
export function sampleRows(rowCount: number, head = 100, spread = 100): number[] {
  const rows: number[] = [];
  const first = Math.min(rowCount, head);
  for (let row = 0; row < first; row++) rows.push(row);
  const rest = rowCount - first;
  if (rest <= 0) return rows;
  const step = rest / Math.min(spread, rest);
  for (let at = first; at < rowCount && rows.length < first + spread; at += step) rows.push(Math.floor(at));
  return rows;
}

/**
 * The widest of the header and the sampled texts of each column, plus padding, within [min, max].
 * `texts(column)` gives the sampled cell texts of one column.
 */
export function fitColumnWidths(headers: readonly string[], texts: (column: number) => readonly string[], options: FitOptions): number[] {
  const { measure, padding = 12, min = defaultMinWidth, max = defaultMaxWidth } = options;
  const measureHeader = options.measureHeader ?? measure;
  return headers.map((header, column) => {
    let widest = measureHeader(header);
    for (const text of texts(column)) {
      // Only the first line shows in a cell, and no cell is wider than `max`: long texts need no exact measure.
      const shown = text.length > 400 ? text.slice(0, 400) : text;
      widest = Math.max(widest, measure(shown));
      if (widest + padding >= max) break;
    }
    return Math.round(Math.min(max, Math.max(min, Math.ceil(widest) + padding)));
  });
}
