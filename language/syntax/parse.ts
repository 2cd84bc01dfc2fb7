import type { ParsedDocument } from './parseResult.ts';
import { LineIndex } from '../text/lineIndex.ts';

// Placeholder until the chevrotain parser lands.
export function parseDocument(text: string): ParsedDocument {
  return { text, lineIndex: new LineIndex(text), root: { kind: 'Document', queries: [], start: 0, end: text.length }, tokens: [], errors: [] };
}

export function parseQuery(text: string): ParsedDocument {
  return parseDocument(text);
}
