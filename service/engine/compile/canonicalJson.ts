/**
 * dynamic_to_json's canonical form (dynamic-to-json.mdx): property bags with their names sorted, at
 * every depth, no spaces; numbers and strings keep their JSON text exactly (no round trip through
 * JavaScript numbers). Reads DuckDB's JSON text, which is valid JSON; linear in its length.
 */

type Node = { kind: 'raw'; text: string } | { kind: 'array'; items: Node[] } | { kind: 'object'; members: [string, string, Node][] };

export function canonicalJson(text: string): string | undefined {
  const reader = { text, at: 0 };
  const node = readValue(reader);
  skipSpace(reader);
  return node && reader.at === text.length ? write(node) : undefined;
}

function skipSpace(reader: { text: string; at: number }): void {
  while (reader.at < reader.text.length && ' \t\r\n'.includes(reader.text[reader.at]!)) reader.at++;
}

function readString(reader: { text: string; at: number }): string | undefined {
  const start = reader.at;
  if (reader.text[reader.at] !== '"') return undefined;
  reader.at++;
  while (reader.at < reader.text.length && reader.text[reader.at] !== '"') reader.at += reader.text[reader.at] === '\\' ? 2 : 1;
  if (reader.at >= reader.text.length) return undefined;
  reader.at++;
  return reader.text.slice(start, reader.at);
}

function readValue(reader: { text: string; at: number }): Node | undefined {
  skipSpace(reader);
  const first = reader.text[reader.at];
  if (first === '"') {
    const text = readString(reader);
    return text === undefined ? undefined : { kind: 'raw', text };
  }
  if (first === '[' || first === '{') {
    reader.at++;
    const close = first === '[' ? ']' : '}';
    const items: Node[] = [];
    const members: [string, string, Node][] = [];
    skipSpace(reader);
    if (reader.text[reader.at] === close) reader.at++;
    else {
      for (;;) {
        skipSpace(reader);
        let name: string | undefined;
        if (first === '{') {
          name = readString(reader);
          skipSpace(reader);
          if (name === undefined || reader.text[reader.at++] !== ':') return undefined;
        }
        const value = readValue(reader);
        if (!value) return undefined;
        if (name === undefined) items.push(value);
        else members.push([JSON.parse(name) as string, name, value]);
        skipSpace(reader);
        const separator = reader.text[reader.at++];
        if (separator === close) break;
        if (separator !== ',') return undefined;
      }
    }
    if (first === '[') return { kind: 'array', items };
    return { kind: 'object', members: members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
  }
  const scalar = /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(reader.text.slice(reader.at, reader.at + 400));
  if (!scalar) return undefined;
  reader.at += scalar[0].length;
  return { kind: 'raw', text: scalar[0] };
}

function write(node: Node): string {
  if (node.kind === 'raw') return node.text;
  if (node.kind === 'array') return `[${node.items.map(write).join(',')}]`;
  return `{${node.members.map(([, name, value]) => `${name}:${write(value)}`).join(',')}}`;
}
