import type { DocumentNode } from './ast.ts';
import type { LineIndex } from '../text/lineIndex.ts';

/** A lexical token as the features see it (comments included, whitespace not). */
export interface SyntaxToken {
  /** The lexer's token type name, e.g. `Identifier`, `StringLiteral`, `Pipe`, `Where`. */
  type: string;
  start: number;
  end: number;
  text: string;
}

export interface SyntaxError {
  start: number;
  end: number;
  message: string;
}

export interface ParsedDocument {
  text: string;
  lineIndex: LineIndex;
  root: DocumentNode;
  /** Every token in document order, comments included. */
  tokens: SyntaxToken[];
  errors: SyntaxError[];
}
