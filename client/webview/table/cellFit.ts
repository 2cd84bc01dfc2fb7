/**
 * Which cells must be clipped. A clipped cell (overflow hidden, ellipsis) costs chromium a clip
 * of its own in every frame that draws it (paint chunks, pre-paint, layerization): unclipped
 * cells of a row share one, so scrolling draws about a third faster. Only the texts wider than
 * their column are clipped, decided here from canvas measures of the cell font (no layout). Pure:
 * the caller measures.
 */

export interface TextFit {
  /** Pixels a text takes in the cell font. */
  measure(text: string): number;
  /** The widest advance of a printable ASCII character in that font. */
  widestCharacter: number;
}

/** Printable ASCII: a text of these alone is drawn in the cell font (no fallback font, no combining marks). */
const printableAscii = /^[\x20-\x7e]*$/;
/**
 * Canvas and layout may round text widths differently: a text this close to the edge is clipped
 * anyway. Fitted columns get this much more room (measure.ts), so their widest text is not.
 */
export const safetyMargin = 2;

/** Whether `text` would spill out of a cell whose text area is `room` pixels wide. */
export function overflows(text: string, room: number, fit: TextFit): boolean {
  if (text.length === 0) return false;
  if (!printableAscii.test(text)) return true;
  const limit = room - safetyMargin;
  // Most texts are plainly short enough: no measure needed.
  if (text.length * fit.widestCharacter <= limit) return false;
  return fit.measure(text) > limit;
}

/** The widest printable ASCII character under `measure`. */
export function widestCharacter(measure: (text: string) => number): number {
  let widest = 0;
  for (let code = 0x20; code <= 0x7e; code++) widest = Math.max(widest, measure(String.fromCharCode(code)));
  return widest;
}
