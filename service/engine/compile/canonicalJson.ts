/**
 * The canonical JSON text of dynamic_to_json: property bags with their pairs sorted by name, at every
 * depth, and no spaces. Numbers keep the digits they were written with (a 19-digit nanosecond
 * timestamp must not pass through a double), strings their escapes. One pass over the text builds
 * the tree with an explicit stack and a second writes it out the same way, so any nesting depth is
 * handled in time and memory linear in the text.
 */

/** A parsed value: scalars keep their JSON spelling. */
type Node = { raw: string } | { items: Node[] } | { entries: [string, Node][] };

interface Open {
  node: { items: Node[] } | { entries: [string, Node][] };
  key?: string;
}

const scalarPattern = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const spacePattern = /\s*/y;

function parse(text: string): Node | undefined {
  const stack: Open[] = [];
  let result: Node | undefined;
  let at = 0;
  const skipSpace = () => {
    spacePattern.lastIndex = at;
    spacePattern.exec(text);
    at = spacePattern.lastIndex;
  };
  const place = (node: Node): boolean => {
    const top = stack.at(-1);
    if (!top) {
      if (result !== undefined) return false;
      result = node;
    } else if ('items' in top.node) top.node.items.push(node);
    else {
      if (top.key === undefined) return false;
      top.node.entries.push([top.key, node]);
      top.key = undefined;
    }
    return true;
  };
  while (true) {
    skipSpace();
    if (at >= text.length) break;
    const char = text[at]!;
    const top = stack.at(-1);
    if (char === ',') {
      at++;
      continue;
    }
    if (char === '[' || char === '{') {
      const node = char === '[' ? { items: [] } : { entries: [] };
      if (!place(node)) return undefined;
      stack.push({ node });
      at++;
      continue;
    }
    if (char === ']' || char === '}') {
      if (!top || (char === ']') !== 'items' in top.node) return undefined;
      stack.pop();
      at++;
      continue;
    }
    scalarPattern.lastIndex = at;
    const match = scalarPattern.exec(text);
    if (!match) return undefined;
    at = scalarPattern.lastIndex;
    if (top && 'entries' in top.node && top.key === undefined) {
      // A property name: the string before the colon.
      skipSpace();
      if (text[at] !== ':' || !match[0].startsWith('"')) return undefined;
      at++;
      top.key = match[0];
      continue;
    }
    if (!place({ raw: match[0] })) return undefined;
  }
  return stack.length === 0 ? result : undefined;
}

/** Property names in their decoded order (ordinal, as Kusto sorts them). */
const nameOf = (raw: string): string => JSON.parse(raw) as string;
const byName = (a: [string, Node], b: [string, Node]) => {
  const [x, y] = [nameOf(a[0]), nameOf(b[0])];
  return x < y ? -1 : x > y ? 1 : 0;
};

function write(root: Node): string {
  const out: string[] = [];
  // Work items: a node to write, or a text to emit once its siblings before it are written.
  const work: (Node | string)[] = [root];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === 'string') out.push(item);
    else if ('raw' in item) out.push(item.raw);
    else if ('items' in item) {
      const pending: (Node | string)[] = ['['];
      item.items.forEach((child, i) => pending.push(...(i > 0 ? [',', child] : [child])));
      pending.push(']');
      for (let i = pending.length - 1; i >= 0; i--) work.push(pending[i]!);
    } else {
      const pending: (Node | string)[] = ['{'];
      [...item.entries].sort(byName).forEach(([key, child], i) => pending.push(`${i > 0 ? ',' : ''}${key}:`, child));
      pending.push('}');
      for (let i = pending.length - 1; i >= 0; i--) work.push(pending[i]!);
    }
  }
  return out.join('');
}

/** The canonical text of a JSON text, or undefined when it is not JSON. */
export function canonicalJson(text: string): string | undefined {
  const tree = parse(text);
  return tree === undefined ? undefined : write(tree);
}
