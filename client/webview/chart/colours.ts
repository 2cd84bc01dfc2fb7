/** The theme's series colours, and the colour of each series key in this panel. */
import { assignSlots, palette } from './palette.ts';

export interface SeriesColour {
  colour: string;
  /** A second round of the palette: drawn dashed so it still differs from the first. */
  dashed: boolean;
}

/** True on light and high-contrast light themes (VS Code marks the body with the theme's kind). */
export function isLightTheme(): boolean {
  const classes = document.body.classList;
  return classes.contains('vscode-light') || classes.contains('vscode-high-contrast-light');
}

/** The palette resolved against the current theme: VS Code's chart colours where defined. */
export function themePalette(): string[] {
  const style = getComputedStyle(document.body);
  const light = isLightTheme();
  return palette.map((entry) => (entry.variable && style.getPropertyValue(entry.variable).trim()) || (light ? entry.light : entry.dark));
}

/** Each key's colour; `remembered` (key → slot, updated) keeps a series' colour when a newcomer would collide with it. */
export function seriesColours(keys: readonly string[], remembered: Map<string, number>): Map<string, SeriesColour> {
  const colours = themePalette();
  const slots = assignSlots(keys, colours.length, remembered);
  return new Map([...slots].map(([key, slot]) => [key, { colour: colours[slot % colours.length], dashed: slot >= colours.length }]));
}

/** `#rrggbb` (or any CSS colour) at an opacity, for fills. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const value = parseInt(hex[1], 16);
    return `rgba(${value >> 16}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
  }
  return `color-mix(in srgb, ${colour} ${Math.round(alpha * 100)}%, transparent)`;
}
