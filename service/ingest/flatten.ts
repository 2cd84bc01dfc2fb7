/**
 * Nested objects become dotted field names (`{geo: {city}}` → `geo.city`); map fields stay whole.
 * A top-level `_time` is left out: it is the event time, stored in its own column.
 */
import { isLong } from '../store/fieldTypes.ts';

const reserved = new Set(['_blockInfo', '_cursor', '_rowID', '_source', '_sysTime']);
const maxDepth = 100;

export function flatten(event: Record<string, unknown>, mapFields: ReadonlySet<string>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const key in event) {
    if (key === '_time') continue;
    const name = reserved.has(key) ? `_user_${key}` : key;
    put(flat, name, event[key], mapFields, 1);
  }
  return flat;
}

function put(
  flat: Record<string, unknown>,
  name: string,
  value: unknown,
  mapFields: ReadonlySet<string>,
  depth: number,
): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !mapFields.has(name)) {
    if (depth >= maxDepth) return;
    const nested = value as Record<string, unknown>;
    for (const key in nested) put(flat, `${name}.${key}`, nested[key], mapFields, depth + 1);
    return;
  }
  // Whole numbers past 2^53 are read exactly (bigints); past a long's range they are doubles, and
  // past a double's range (as 1e400) null.
  if (typeof value === 'bigint' && !isLong(value)) value = Number(value);
  if (typeof value === 'number' && !Number.isFinite(value)) value = null;
  flat[name] = value;
}
