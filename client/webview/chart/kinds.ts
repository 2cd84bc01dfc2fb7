/** The kinds of chart the selector offers. Pure. */

export type ChartKind = 'line' | 'bar' | 'stacked' | 'area';

export const chartKinds: readonly { kind: ChartKind; label: string }[] = [
  { kind: 'line', label: 'Line' },
  { kind: 'bar', label: 'Bar' },
  { kind: 'stacked', label: 'Stacked bar' },
  { kind: 'area', label: 'Area' },
];

/** Kinds that make sense on an axis: categories have no order to draw a line along. */
export function kindsFor(axis: 'time' | 'category'): ChartKind[] {
  return axis === 'category' ? ['bar', 'stacked'] : chartKinds.map((entry) => entry.kind);
}

/** The kind asked for when the axis allows it, else the axis' first. */
export function effectiveKind(asked: unknown, axis: 'time' | 'category'): ChartKind {
  const allowed = kindsFor(axis);
  return allowed.includes(asked as ChartKind) ? (asked as ChartKind) : allowed[0];
}
