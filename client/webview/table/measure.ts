/** Text widths in the table's fonts, measured on a canvas (no layout). */
import { sampleRows, fitColumnWidths } from './columnWidths.ts';
import { safetyMargin, widestCharacter, type TextFit } from './cellFit.ts';
import { cellText } from '../../exportResults.ts';
import type { TableData } from './tableData.ts';

/** A body cell's horizontal padding, both sides (table.css). */
export const cellPadding = 12;

/** A canvas per font: setting a context's font parses it, so each measurer keeps its own. */
function measurer(font: string): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * 8;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** The font a cell of `className` inside `within` is drawn in. */
function fontOf(within: HTMLElement, className: string): string {
  const probe = document.createElement('div');
  probe.className = className;
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  within.append(probe);
  const style = getComputedStyle(probe);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  probe.remove();
  return font;
}

/** Fitted widths of the given columns, from a sample of the rows decoded so far. */
export function fitWidths(data: TableData, columns: readonly number[], within: HTMLElement): number[] {
  const cell = measurer(fontOf(within, 'cell'));
  const header = measurer(fontOf(within, 'grid-header-probe'));
  const rows = sampleRows(data.decodedRows);
  return fitColumnWidths(
    columns.map((column) => data.columns[column].name),
    (index) => rows.map((row) => {
      const value = data.values[columns[index]][row];
      return value === null || value === undefined ? 'null' : cellText(value);
    }),
    // The header has room for the sort arrow and the resize handle; the widest text is not clipped (cellFit.ts).
    { measure: cell, measureHeader: (text) => header(text) + 22, padding: cellPadding + safetyMargin },
  );
}

/** Measures of texts in the body cells' font, to tell which overflow their column (cellFit.ts). */
export function cellTextFit(within: HTMLElement): TextFit {
  const measure = measurer(fontOf(within, 'cell'));
  return { measure, widestCharacter: widestCharacter(measure) };
}
