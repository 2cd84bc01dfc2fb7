/**
 * Reads the cursor fixtures of the feature tests (see README.md beside this file): `.apl` files
 * made of cases, each a block of `//` directive lines followed by query text holding one `¦`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { analyzeDocument, type AnalyzedDocument } from '../../../language/analysis/analyzer.ts';
import type { Schema } from '../../../language/analysis/schema.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { Position } from '../../../language/types.ts';

/** The cursor marker: a broken bar, which APL never uses (its pipe is `|`). */
export const cursorMarker = '¦';

export const featureSchema: Schema = JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8'));

export interface Directive {
  name: string;
  /** The text after `name:`, trimmed; empty for a bare directive such as `// empty`. */
  value: string;
}

export interface FixtureCase {
  /** `file:line` of the case's first directive. */
  title: string;
  /** The free comment lines of the header, joined: what the case is about. */
  description: string;
  directives: Directive[];
  /** The query text without the marker. */
  text: string;
  /** Offset of the marker in `text`. */
  offset: number;
}

const directivePattern = /^\/\/\s*([a-z][a-z-]*)(?::\s*(.*?))?\s*$/;

/** Reads every case of the `.apl` files in a folder; `known` lists the directive names of that folder. */
export function readFixtures(folder: URL, known: readonly string[]): FixtureCase[] {
  const files = readdirSync(folder).filter((file) => file.endsWith('.apl')).sort();
  return files.flatMap((file) => parseFixtureFile(file, readFileSync(new URL(file, folder), 'utf8'), known));
}

export function parseFixtureFile(file: string, source: string, known: readonly string[]): FixtureCase[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const isDirective = (line: string) => {
    const match = directivePattern.exec(line.trim());
    return match !== null && known.includes(match[1]);
  };
  const cases: FixtureCase[] = [];
  let i = 0;
  while (i < lines.length) {
    // A header is a run of comment lines holding at least one directive.
    let end = i;
    while (end < lines.length && lines[end].trim().startsWith('//')) end++;
    const header = lines.slice(i, end);
    if (header.length === 0 || !header.some(isDirective)) {
      i = Math.max(end, i + 1);
      continue;
    }
    let next = end;
    while (next < lines.length && !startsHeader(lines, next, isDirective)) next++;
    const body = lines.slice(end, next).join('\n').replace(/\s+$/, '');
    cases.push(makeCase(`${file}:${i + 1}`, header, isDirective, body));
    i = next;
  }
  return cases;
}

/** Whether the comment run starting at `line` (after a non-comment line) holds a directive. */
function startsHeader(lines: string[], line: number, isDirective: (line: string) => boolean): boolean {
  if (!lines[line].trim().startsWith('//')) return false;
  if (line > 0 && lines[line - 1].trim().startsWith('//')) return false;
  for (let j = line; j < lines.length && lines[j].trim().startsWith('//'); j++) if (isDirective(lines[j])) return true;
  return false;
}

function makeCase(title: string, header: string[], isDirective: (line: string) => boolean, body: string): FixtureCase {
  const directives: Directive[] = [];
  const description: string[] = [];
  for (const line of header) {
    if (isDirective(line)) {
      const match = directivePattern.exec(line.trim()) as RegExpExecArray;
      directives.push({ name: match[1], value: match[2] ?? '' });
    } else {
      description.push(line.trim().replace(/^\/\/\s?/, ''));
    }
  }
  const offset = body.indexOf(cursorMarker);
  if (offset < 0 || body.indexOf(cursorMarker, offset + 1) >= 0) {
    throw new Error(`${title}: a case needs exactly one ${cursorMarker} marker`);
  }
  return {
    title,
    description: description.join(' '),
    directives,
    text: body.slice(0, offset) + body.slice(offset + cursorMarker.length),
    offset,
  };
}

export function directiveValues(fixture: FixtureCase, name: string): string[] {
  return fixture.directives.filter((directive) => directive.name === name).map((directive) => directive.value);
}

export function hasDirective(fixture: FixtureCase, name: string): boolean {
  return fixture.directives.some((directive) => directive.name === name);
}

/** `a, b, c` → `['a', 'b', 'c']`. */
export function list(value: string): string[] {
  return value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

export interface Prepared {
  analyzed: AnalyzedDocument;
  position: Position;
}

/** Parses and analyzes a case's text (with the feature schema unless `// schema: none`). */
export function prepare(fixture: FixtureCase): Prepared {
  const parsed = parseDocument(fixture.text);
  const withoutSchema = directiveValues(fixture, 'schema').includes('none');
  const analyzed = analyzeDocument(parsed, withoutSchema ? undefined : featureSchema);
  return { analyzed, position: parsed.lineIndex.positionAt(fixture.offset) };
}

/** The document text a range covers. */
export function textOf(analyzed: AnalyzedDocument, range: { start: Position; end: Position }): string {
  const { lineIndex, text } = analyzed.parsed;
  return text.slice(lineIndex.offsetAt(range.start), lineIndex.offsetAt(range.end));
}
