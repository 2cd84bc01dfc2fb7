/**
 * How deeply a stored or returned JSON value may nest. Every writer of one recurses per level
 * (V8's JSON.stringify gives up near 4,500 levels), so ingest refuses deeper events and a query
 * whose result holds a deeper value (`parse_json` builds them) gets a clear error. 1,000 is far
 * past real data; Kusto documents no limit.
 */
export const maxDynamicDepth = 1000;

/** The deepest bracket nesting in JSON text, read in one pass (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Whether a parsed value nests arrays and objects deeper than `limit` (a scalar is depth 0). A loop
 * over an explicit stack, so any depth is safe to ask about.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, parentDepth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (parentDepth + 1 > limit) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') pending.push([child, parentDepth + 1]);
  }
  return false;
}
