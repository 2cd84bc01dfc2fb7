/** Where annotation labels go inside the plot area: never over an axis, stacked in rows when they would overlap. Pure. */

export interface LabelBox {
  /** The annotation's x in the plot area, CSS pixels from its left edge. */
  x: number;
  width: number;
}

export interface PlacedLabel {
  left: number;
  row: number;
}

const gap = 4;

/**
 * Places each label just right of its line (left of it when it would run past the right edge),
 * clamped into `[0, plotWidth]`, in the first row where it overlaps no earlier label; past
 * `maxRows` it goes in the row whose last label ends first. Labels in `x` order.
 */
export function layoutLabels(labels: readonly LabelBox[], plotWidth: number, maxRows: number): PlacedLabel[] {
  const rowEnds: number[] = [];
  return labels.map(({ x, width }) => {
    const fitted = Math.min(width, plotWidth);
    let left = x + gap + fitted > plotWidth ? x - gap - fitted : x + gap;
    left = Math.max(0, Math.min(left, plotWidth - fitted));
    let row = rowEnds.findIndex((end) => end + gap <= left);
    if (row === -1) {
      if (rowEnds.length < maxRows) row = rowEnds.length;
      else row = rowEnds.indexOf(Math.min(...rowEnds));
    }
    rowEnds[row] = left + fitted;
    return { left, row };
  });
}
