import type { SyntaxToken } from '../../syntax/parseResult.ts';
import { spanContaining, type SyntaxFacts } from './syntaxFacts.ts';

const openers = new Set(['LParen', 'LBracket', 'LBrace']);
const closers = new Set(['RParen', 'RBracket', 'RBrace']);
/** Tokens with no place in a valid query: wherever they turn up, the author's spacing stays. */
const unexpected = new Set(['Bang', 'Tilde', 'Question', 'Unknown']);

export function isOpener(token: SyntaxToken): boolean {
  return openers.has(token.type);
}

export function isCloser(token: SyntaxToken): boolean {
  return closers.has(token.type);
}

/**
 * The space between two tokens written on one line: '' or ' '. Single spaces around binary
 * operators and after commas; none inside brackets, before commas and semicolons, around dots
 * and colons (`a:int`, `status:"500"`, `x[1:2]`; a dynamic object's `{"a": 1}` keeps a space
 * after its colon), before a call's `(` or an index's `[`, after a unary sign, or around an
 * option's `=` (`kind=inner`).
 */
export function spaceBetween(
  a: SyntaxToken,
  b: SyntaxToken,
  facts: SyntaxFacts,
  insideBraces: boolean,
): '' | ' ' {
  if (unexpected.has(a.type) || unexpected.has(b.type) || isRawPair(a, b, facts)) return a.end === b.start ? '' : ' ';
  if (closers.has(b.type) || b.type === 'Comma' || b.type === 'Semicolon' || b.type === 'Dot') return '';
  if (openers.has(a.type) || a.type === 'Dot') return '';
  if (a.type === 'Comma') return ' ';
  if (b.type === 'Colon') return '';
  if (a.type === 'Colon') return insideBraces ? ' ' : '';
  if (b.type === 'LParen') return facts.gluedParens.has(b.start) || a.type === 'TypeOf' || a.type === 'Dynamic' ? '' : ' ';
  if (b.type === 'LBracket') return a.type === 'RParen' || a.type === 'RBracket' || facts.indexedEnds.has(a.end) ? '' : ' ';
  if (isWildcardPair(a, b, facts)) return '';
  if ((a.type === 'Minus' || a.type === 'Plus') && !facts.binaryOperators.has(a.start)) return '';
  if (facts.gluedEquals.has(b.start) || facts.gluedEquals.has(a.start)) return '';
  return ' ';
}

function isRawPair(a: SyntaxToken, b: SyntaxToken, facts: SyntaxFacts): boolean {
  const span = spanContaining(facts.rawSpans, a.start);
  return span !== undefined && b.end <= span.end;
}

function isWildcardPair(a: SyntaxToken, b: SyntaxToken, facts: SyntaxFacts): boolean {
  const span = spanContaining(facts.wildcards, a.start);
  return span !== undefined && b.end <= span.end;
}
