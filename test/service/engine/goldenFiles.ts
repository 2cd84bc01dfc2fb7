/** The golden files (`golden/*.golden`, format in golden.test.ts) and their cases. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseExact } from '../../../wire/exactJson.ts';

const folder = join(import.meta.dirname, 'golden');

export interface GoldenCase {
  title: string;
  apl: string;
  columns?: string[];
  rows?: unknown[][];
  error?: string;
  ordered: boolean;
}

function readGoldenFile(text: string): GoldenCase[] {
  const cases: GoldenCase[] = [];
  for (const block of text.split(/^=== /m).slice(1)) {
    const [title, ...lines] = block.split('\n');
    const sections = new Map<string, string[]>();
    let current = 'apl';
    sections.set(current, []);
    for (const line of lines) {
      const header = /^--- (columns|rows|error|unordered)\s*$/.exec(line);
      if (header) sections.set((current = header[1]!), []);
      else if (line.trim() !== '' && !line.startsWith('#')) sections.get(current)!.push(line);
    }
    cases.push({
      title: title!.trim(),
      apl: sections.get('apl')!.join('\n'),
      columns: sections.get('columns'),
      rows: sections.has('rows') ? sections.get('rows')!.map((line) => parseExact(line) as unknown[]) : sections.has('unordered') ? sections.get('unordered')!.map((line) => parseExact(line) as unknown[]) : undefined,
      error: sections.get('error')?.join('\n'),
      ordered: !sections.has('unordered'),
    });
  }
  return cases;
}

export function goldenFiles(): { file: string; cases: GoldenCase[] }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.golden'))
    .sort()
    .map((file) => ({ file, cases: readGoldenFile(readFileSync(join(folder, file), 'utf8')) }));
}
