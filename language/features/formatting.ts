import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { FormattingOptions, TextEdit } from '../types.ts';

export function formatDocument(_parsed: ParsedDocument, _options: FormattingOptions = {}): TextEdit[] {
  return [];
}

export function formatText(text: string, _options: FormattingOptions = {}): string {
  return text;
}
