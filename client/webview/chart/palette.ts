/**
 * Series colours: a series' colour comes from its key (its legend label), not its position, so
 * that "500" keeps its colour from one run to the next and from one query to another. Pure (no
 * DOM): the webview resolves the theme's colours, this module only picks slots.
 */

export interface PaletteColour {
  /** VS Code's theme colour, used when the theme defines it. */
  variable?: string;
  /** For dark and high-contrast themes. */
  dark: string;
  /** For light themes. */
  light: string;
}

/**
 * VS Code's six chart colours, then eight more that stay apart from them and from each other on
 * light and dark backgrounds (hue and lightness both differ).
 */
export const palette: readonly PaletteColour[] = [
  { variable: '--vscode-charts-blue', dark: '#3794ff', light: '#1a85ff' },
  { variable: '--vscode-charts-orange', dark: '#d18616', light: '#d18616' },
  { variable: '--vscode-charts-green', dark: '#89d185', light: '#388a34' },
  { variable: '--vscode-charts-red', dark: '#f14c4c', light: '#e51400' },
  { variable: '--vscode-charts-purple', dark: '#b180d7', light: '#652d90' },
  { variable: '--vscode-charts-yellow', dark: '#cca700', light: '#bf8803' },
  { dark: '#2ec4b6', light: '#00897b' }, // teal
  { dark: '#f06fb5', light: '#c2185b' }, // pink
  { dark: '#c49a6c', light: '#8d5524' }, // brown
  { dark: '#8c9eff', light: '#3949ab' }, // indigo
  { dark: '#c6d84f', light: '#7c8a00' }, // lime
  { dark: '#a7a7a7', light: '#616161' }, // grey
  { dark: '#6ed3f5', light: '#0277bd' }, // sky
  { dark: '#ff9e80', light: '#bf360c' }, // coral
];

/** FNV-1a over UTF-16 code units: stable across runs, machines and versions, unlike a random or positional choice. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Gives each key a slot: its colour is `slot % size`, and a slot past the palette (more series
 * than colours) is drawn dashed. Within one call no two keys share a slot, so up to `size` keys
 * get distinct colours. A key's preferred slot is its hash; on a collision the key that
 * `remembered` gave the slot keeps it, then the smaller key, and the other takes the next free
 * colour. `remembered` (key → slot from earlier charts) is updated with the result, so a series
 * keeps its colour when a new series that would collide with it appears.
 */
export function assignSlots(keys: readonly string[], size: number, remembered: Map<string, number> = new Map()): Map<string, number> {
  const unique = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const slots = new Map<string, number>();
  const used = new Set<number>();
  const take = (key: string, slot: number) => {
    slots.set(key, slot);
    used.add(slot);
  };
  for (const key of unique) {
    const slot = remembered.get(key);
    if (slot !== undefined && Number.isInteger(slot) && slot >= 0 && slot < size && !used.has(slot)) take(key, slot);
  }
  // Each round of the palette has `size` slots; a full round sends a key to the next (dashed) one.
  // Rounds before `open` are full, so each key looks at one round only.
  let open = 0;
  for (const key of unique) {
    if (slots.has(key)) continue;
    const preferred = hashKey(key) % size;
    while (!slots.has(key)) {
      for (let step = 0; step < size && !slots.has(key); step++) {
        const slot = open * size + ((preferred + step) % size);
        if (!used.has(slot)) take(key, slot);
      }
      if (!slots.has(key)) open++;
    }
  }
  for (const [key, slot] of slots) {
    // Only first-round slots are worth keeping: a dashed colour is a fallback, not an identity.
    if (slot < size) remember(remembered, key, slot);
  }
  return slots;
}

/** How many keys a memory keeps; the oldest are forgotten first. */
export const rememberedLimit = 2000;

function remember(memory: Map<string, number>, key: string, slot: number): void {
  memory.delete(key);
  memory.set(key, slot);
  if (memory.size > rememberedLimit) memory.delete(memory.keys().next().value as string);
}
