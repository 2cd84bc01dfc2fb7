/**
 * Texts of a given size in the shapes that stress a language core: long chains and lists, many
 * statements and queries, deep nesting, long literals, random tokens, random characters, unclosed
 * brackets and quotes, comments. Deterministic for a seed, so a slow or failing input can be rebuilt.
 * Shared by the robustness and scaling tests and by the language bench.
 */

export const shapeNames = [
  'extendChain',
  'projectList',
  'manyLets',
  'manyQueries',
  'deepNesting',
  'longString',
  'longDynamic',
  'tokenSoup',
  'randomUnicode',
  'unclosed',
  'comments',
  'functionBody',
] as const;

export type ShapeName = (typeof shapeNames)[number];

/** A small, fast, seedable generator (mulberry32): the same seed gives the same text. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Appends pieces from `next` until the text reaches `size` characters, then cuts it there. */
function fill(size: number, head: string, next: (index: number) => string, tail = ''): string {
  const parts = [head];
  let length = head.length + tail.length;
  for (let index = 0; length < size; index++) {
    const part = next(index);
    parts.push(part);
    length += part.length;
  }
  const body = parts.join('');
  return body.slice(0, Math.max(head.length, size - tail.length)) + tail;
}

/** Cuts a text built of whole lines at the last line break before `size`, so the shape stays well formed. */
function wholeLines(size: number, head: string, next: (index: number) => string, tail = ''): string {
  const parts = [head];
  let length = head.length + tail.length;
  for (let index = 0; ; index++) {
    const part = next(index);
    if (length + part.length > size && index > 0) break;
    parts.push(part);
    length += part.length;
  }
  return parts.join('') + tail;
}

const columns = ['status', 'method', 'uri', 'req_duration_ms', 'resp_body_size_bytes', '_time', "['geo.city']"];

const soupTokens = [
  'where', 'extend', 'project', 'summarize', 'by', 'let', 'take', 'sort', 'order', 'join', 'on', 'kind', 'union', 'parse',
  'with', 'and', 'or', 'not', 'in', '!in', 'has', 'contains', 'between', 'count()', 'avg(', 'bin(', 'ago(', 'datetime(',
  'dynamic(', 'iff(', 'case(', 'status', 'method', 'uri', 'x', 'y1', '_time', "['sample-http-logs']", "['geo.city']",
  '|', '|', '(', ')', '[', ']', '{', '}', ',', ';', '.', '..', ':', '=', '==', '!=', '=~', '<', '>=', '+', '-', '*', '/',
  '%', "'a'", '"b"', "@'c'", '1', '2.5', '1h', '5m', 'true', 'null', '\n', '\n', '\n\n', ' ', '//c\n', 'project-away',
  'mv-expand', 'make-series', 'top', 'limit', 'distinct', 'asc', 'desc', '$left', '$right', 'typeof(', 'long', 'string',
];

const generators: Record<ShapeName, (size: number, random: Random) => string> = {
  // Every extend adds a column the next one reads: the table grows by one column per line.
  extendChain: (size) =>
    wholeLines(size, "['sample-http-logs']\n", (i) => `| extend c${i} = ${i === 0 ? 'req_duration_ms' : `c${i - 1}`} + ${i}\n`, '| take 10'),
  projectList: (size, random) =>
    wholeLines(size, "['sample-http-logs']\n| project ", (i) => `${i > 0 ? ', ' : ''}p${i} = ${pick(random, columns)}`, '\n| take 10'),
  manyLets: (size) => wholeLines(size, '', (i) => `let v${i} = ${i === 0 ? '1' : `v${i - 1} + 1`};\n`, "['sample-http-logs'] | take 1"),
  manyQueries: (size, random) =>
    wholeLines(size, '', (i) => `['sample-http-logs']\n| where ${pick(random, columns)} != ''\n| summarize count() by bin(_time, ${(i % 59) + 1}m)\n\n`),
  // Forty levels of parentheses, well under the nesting cap, repeated along one where clause.
  deepNesting: (size) => {
    const depth = 40;
    const term = `${'('.repeat(depth)}req_duration_ms${' + 1)'.repeat(depth)} > 0`;
    return wholeLines(size, "['sample-http-logs']\n| where ", (i) => `${i > 0 ? '\n  or ' : ''}${term}`, '\n| take 1');
  },
  longString: (size, random) =>
    fill(size, "['sample-http-logs']\n| where uri == '", () => pick(random, ['a', 'b', ' ', '/', '\\\\', '\\\'', 'é', '0'] as const), "'\n| take 1"),
  longDynamic: (size) =>
    wholeLines(size, 'print d = dynamic({"items": [', (i) => `${i > 0 ? ', ' : ''}{"k${i}": [${i}, "v${i}", null, true]}`, ']})'),
  tokenSoup: (size, random) => fill(size, '', () => pick(random, soupTokens) + (random() < 0.7 ? ' ' : '')),
  // Printable ASCII, control characters, letters of other scripts, lone surrogates and astral characters.
  randomUnicode: (size, random) =>
    fill(size, '', () => {
      const roll = random();
      if (roll < 0.5) return String.fromCharCode(32 + Math.floor(random() * 95));
      if (roll < 0.6) return String.fromCharCode(Math.floor(random() * 32));
      if (roll < 0.9) return String.fromCharCode(0xa0 + Math.floor(random() * 0xd700));
      if (roll < 0.95) return String.fromCharCode(0xd800 + Math.floor(random() * 0x800));
      return String.fromCodePoint(0x10000 + Math.floor(random() * 0xfffff));
    }),
  unclosed: (size, random) =>
    fill(size, "['sample-http-logs']\n| where ", () =>
      pick(random, ['(', '[', '{', "'", '"', 'f(', 'dynamic([', "['", ' x', ' and ', ' == 1', ' | extend a = ', '\n| where (', ', ']),
    ),
  comments: (size, random) =>
    wholeLines(size, '', (i) => (i % 7 === 6 ? `| where ${pick(random, columns)} != '' // trailing ${i}\n` : `// comment ${i}: | where x == 'y' (\n`), "['sample-http-logs'] | take 1"),
  // One user-defined function whose body is a single long pipeline, called by the query below it.
  functionBody: (size) =>
    wholeLines(
      size,
      "let slowerThan = (threshold: real) {\n    ['sample-http-logs']\n    | extend d = req_duration_ms\n",
      (i) => `    | where d > threshold + ${i}\n`,
      '    | project _time, status, uri\n};\nslowerThan(500)\n| take 10',
    ),
};

/** A text of about `size` characters (never more than a line over) in the given shape. */
export function generateShape(shape: ShapeName, size: number, seed = 1): string {
  return generators[shape](size, randomSource(seed));
}

/** Offsets worth asking completion and hover about: the start, thirds, the end, and just after the last pipe. */
export function probeOffsets(text: string): number[] {
  const lastPipe = text.lastIndexOf('|');
  const offsets = [0, Math.floor(text.length / 3), Math.floor((2 * text.length) / 3), text.length];
  if (lastPipe >= 0) offsets.push(lastPipe + 1);
  return offsets;
}
