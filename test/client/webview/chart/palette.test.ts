import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignSlots, hashKey, palette } from '../../../../client/webview/chart/palette.ts';

const size = palette.length;
const statuses = ['200', '201', '204', '301', '302', '304', '401', '403', '404', '500', '502', '503', '504'];
const colourOf = (slots: Map<string, number>, key: string) => slots.get(key)! % size;

/** Two keys whose hashes pick the same colour. */
function collidingPair(): [string, string] {
  const byColour = new Map<number, string>();
  for (let index = 0; ; index++) {
    const key = `service-${index}`;
    const other = byColour.get(hashKey(key) % size);
    if (other !== undefined) return [other, key];
    byColour.set(hashKey(key) % size, key);
  }
}

describe('series colours', () => {
  it('has at least 12 distinct colours for dark and for light themes', () => {
    assert.ok(size >= 12, `${size} colours`);
    assert.equal(new Set(palette.map((colour) => colour.dark.toLowerCase())).size, size);
    assert.equal(new Set(palette.map((colour) => colour.light.toLowerCase())).size, size);
  });

  it('gives a key the same colour on every run, whatever the order of the series', () => {
    const first = assignSlots(statuses, size);
    const again = assignSlots([...statuses].reverse(), size);
    assert.deepEqual([...again].sort(), [...first].sort());
  });

  it('takes the colour from the key, not the position: a series keeps it when others come and go', () => {
    const all = assignSlots(statuses, size);
    const errorsOnly = assignSlots(['500', '502', '503', '504'], size);
    const withoutSome = assignSlots(['200', '404', '500'], size);
    // Sets without a collision among them: each key gets its own preferred colour in both.
    for (const key of ['500', '502', '503', '504']) {
      const alone = assignSlots([key], size);
      assert.equal(colourOf(alone, key), hashKey(key) % size, key);
    }
    for (const key of ['404', '500']) assert.equal(colourOf(withoutSome, key), colourOf(assignSlots(['404', '500', '200'], size), key));
    assert.notDeepEqual(
      ['500', '502', '503', '504'].map((key) => colourOf(errorsOnly, key)),
      [0, 1, 2, 3],
      'not the first colours in order, as a positional palette would give',
    );
    assert.ok(all.size === statuses.length);
  });

  it('gives distinct colours within one chart up to the palette size', () => {
    for (let count = 1; count <= size; count++) {
      for (let seed = 0; seed < 20; seed++) {
        const keys = Array.from({ length: count }, (_, index) => `k${seed}-${index * 7919}`);
        const colours = [...assignSlots(keys, size).values()].map((slot) => slot % size);
        assert.equal(new Set(colours).size, count, `${count} keys, seed ${seed}`);
      }
    }
    const thirteen = assignSlots(statuses, size);
    assert.equal(new Set([...thirteen.values()].map((slot) => slot % size)).size, 13);
  });

  it('past the palette, reuses colours in a second (dashed) round, still one slot per key', () => {
    const keys = Array.from({ length: size * 2 + 3 }, (_, index) => `series ${index}`);
    const slots = assignSlots(keys, size);
    assert.equal(new Set(slots.values()).size, keys.length);
    assert.equal([...slots.values()].filter((slot) => slot < size).length, size, 'every colour of the first round is used');
    assert.equal([...slots.values()].filter((slot) => slot >= size * 2).length, 3);
  });

  it('a remembered series keeps its colour when a newcomer would take it', () => {
    const [older, newer] = collidingPair();
    const memory = new Map<string, number>();
    const before = assignSlots([older], size, memory);
    // The newcomer sorts first or not: either way the older series keeps what it had.
    const after = assignSlots([newer, older], size, memory);
    assert.equal(after.get(older), before.get(older));
    assert.notEqual(colourOf(after, newer), colourOf(after, older));
    // Without a memory the smaller key wins the shared colour: the same answer on every run.
    const fresh = assignSlots([newer, older], size);
    const winner = older < newer ? older : newer;
    assert.equal(colourOf(fresh, winner), hashKey(winner) % size);
  });
});
