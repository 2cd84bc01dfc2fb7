import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { findOperator } from '../catalog/catalog.ts';
import type { Node, TabularOperator } from '../syntax/ast.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import { nodePathAt } from '../syntax/visit.ts';
import { hasBlankLine } from '../text/blankLines.ts';

/**
 * Where the cursor stands in a query, worked out from the tokens (which survive any typing
 * error) and matched to the AST where the parser built a node. Completion and signature help
 * read it; neither re-parses.
 */

export interface Word {
  /** The word being typed: from its start up to the cursor. */
  text: string;
  start: number;
  /** Where the word ends, which is past the cursor when the cursor is inside it. */
  end: number;
}

/** A bracket the cursor is inside, within the current stage. */
export interface Frame {
  open: SyntaxToken;
  /** The significant token just before the bracket: a callee, `join`, `in`, `typeof`, ... */
  before?: SyntaxToken;
  /** The frame's own significant tokens before the word; a nested group shows as its two brackets. */
  tokens: SyntaxToken[];
}

/** One stage of a pipeline: the text from a `|` (or a statement's start) to the cursor. */
export interface Stage {
  /** The `|` that opens the stage; undefined for a statement's first stage. */
  pipe?: SyntaxToken;
  /** The stage's own significant tokens before the word, from its first one (the operator keyword after a pipe). */
  tokens: SyntaxToken[];
  /** The catalog name of the operator the stage starts with, if it starts with one. */
  operatorName?: string;
  /** The parser's node for that operator, when it built one. */
  operator?: TabularOperator;
  /** The stage is a `let` statement's value; `tokens` then start after `let name =`. */
  letValue?: boolean;
}

export type Lexical = 'code' | 'comment' | 'literal' | 'quotedName';

export interface CursorContext {
  offset: number;
  /** `literal`: inside a string or a typed literal; `quotedName`: inside the string of `['…']`. */
  lexical: Lexical;
  word: Word;
  /** The string token the cursor is in, for `literal` strings and `quotedName`. */
  stringToken?: SyntaxToken;
  /** The last significant token before the word, unless a blank line (a new query) lies between. */
  previous?: SyntaxToken;
  /** Brackets around the cursor inside the stage, innermost first. */
  frames: Frame[];
  stage: Stage;
}

const stringTypes = new Set(['QuotedString', 'VerbatimString', 'UnterminatedString']);
const openers = new Set(['LParen', 'LBracket', 'LBrace']);
const closers = new Set(['RParen', 'RBracket', 'RBrace']);
/** Words the lexer reserves for operators and literals; they never name anything. */
const reservedWordTypes = new Set([
  'And', 'Or', 'True', 'False', 'Null', 'StringOperatorWord', 'HasAnyOperator', 'InOperator', 'MatchesRegex', 'Between',
]);
const literalTypes = new Set([
  'QuotedString', 'VerbatimString', 'UnterminatedString', 'TypedLiteral', 'TimespanLiteral', 'RealLiteral', 'LongLiteral',
  'True', 'False', 'Null',
]);
const wordPattern = /^[A-Za-z_$][\w$]*(?:-[A-Za-z]+)*$/;
/** Operators that may begin a statement instead of a dataset. */
export const sourceOperatorNames = new Set(['union', 'search', 'print', 'datatable', 'externaldata']);

export function isComment(token: SyntaxToken): boolean {
  return token.type === 'Comment';
}

/** A token spelled like a name: identifiers and the soft keywords (`by`, `count`, `mv-expand`). */
export function isNameLike(token: SyntaxToken): boolean {
  return !reservedWordTypes.has(token.type) && wordPattern.test(token.text);
}

export function isOpener(token: SyntaxToken): boolean {
  return openers.has(token.type);
}

export function isCloser(token: SyntaxToken): boolean {
  return closers.has(token.type);
}

/** Whether an expression can end with this token (a name, a literal, a closing bracket). */
export function endsOperand(token: SyntaxToken): boolean {
  return isNameLike(token) || literalTypes.has(token.type) || isCloser(token) || token.type === 'Star';
}

/** Index of the last token that starts before `offset`, or -1. */
export function lastTokenBefore(tokens: readonly SyntaxToken[], offset: number): number {
  let low = 0;
  let high = tokens.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tokens[middle].start < offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The token under an offset: the one containing it, else the one ending right at it. */
export function tokenAt(tokens: readonly SyntaxToken[], offset: number): SyntaxToken | undefined {
  const index = lastTokenBefore(tokens, offset + 1);
  if (index < 0) return undefined;
  const token = tokens[index];
  if (offset < token.end) return token;
  // Right after a token (and before the next one) still counts as on it.
  return offset === token.end ? token : undefined;
}

function previousSignificant(tokens: readonly SyntaxToken[], index: number): number {
  let i = index;
  while (i >= 0 && isComment(tokens[i])) i--;
  return i;
}

/** Where an offset stands: inside a string or comment, or in code, with the word being typed and its stage. */
export function cursorContext(analyzed: AnalyzedDocument, offset: number): CursorContext {
  const { text, tokens } = analyzed.parsed;
  const index = lastTokenBefore(tokens, offset);
  const empty: Word = { text: '', start: offset, end: offset };
  const at = index >= 0 ? tokens[index] : undefined;

  let lexical: Lexical = 'code';
  let word = empty;
  let stringToken: SyntaxToken | undefined;
  let previousIndex = index;

  if (at && (offset < at.end || (offset === at.end && (at.type === 'UnterminatedString' || isComment(at))))) {
    if (isComment(at)) return inert(offset, 'comment');
    if (stringTypes.has(at.type)) {
      stringToken = at;
      const before = previousSignificant(tokens, index - 1);
      const bracket = before >= 0 ? tokens[before] : undefined;
      const quotedName =
        at.type !== 'VerbatimString' && bracket?.type === 'LBracket' && bracket.end === at.start && !indexesSomething(tokens, before);
      if (!quotedName) return { ...inert(offset, 'literal'), stringToken };
      lexical = 'quotedName';
      previousIndex = before;
    } else if (at.type === 'TypedLiteral') {
      return inert(offset, 'literal');
    } else if (isNameLike(at)) {
      word = { text: text.slice(at.start, offset), start: at.start, end: at.end };
      previousIndex = index - 1;
    }
  } else if (at && offset === at.end && isNameLike(at)) {
    word = { text: at.text, start: at.start, end: at.end };
    previousIndex = index - 1;
  }
  previousIndex = previousSignificant(tokens, previousIndex);
  if (lexical === 'code') ({ word, previousIndex } = joinHyphenatedOperator(tokens, word, previousIndex, text, offset));
  const context = contextAfter(analyzed, offset, lexical, word, previousIndex);
  if (stringToken) context.stringToken = stringToken;
  return context;
}

/**
 * The context just before a token, as if the cursor stood there with nothing typed: what a
 * `[` opens (a dataset or a column name) depends on what is expected where it stands.
 */
export function contextBefore(analyzed: AnalyzedDocument, token: SyntaxToken): CursorContext {
  const { tokens } = analyzed.parsed;
  const index = previousSignificant(tokens, lastTokenBefore(tokens, token.start));
  return contextAfter(analyzed, token.start, 'code', { text: '', start: token.start, end: token.start }, index);
}

function contextAfter(analyzed: AnalyzedDocument, offset: number, lexical: Lexical, word: Word, previousIndex: number): CursorContext {
  const { text, tokens } = analyzed.parsed;
  // A blank line between the previous token and the word starts a new query.
  if (previousIndex >= 0 && hasBlankLine(text, tokens[previousIndex].end, word.start)) previousIndex = -1;
  const previous = previousIndex >= 0 ? tokens[previousIndex] : undefined;
  const { frames, stage } = scanStage(analyzed, previousIndex, word.start);
  const context: CursorContext = { offset, lexical, word, frames, stage };
  if (previous) context.previous = previous;
  return context;
}

function inert(offset: number, lexical: Lexical): CursorContext {
  return { offset, lexical, word: { text: '', start: offset, end: offset }, frames: [], stage: { tokens: [] } };
}

/** `x[`: a bracket right after an operand indexes it instead of quoting a name. */
function indexesSomething(tokens: readonly SyntaxToken[], bracketIndex: number): boolean {
  const before = previousSignificant(tokens, bracketIndex - 1);
  return before >= 0 && endsOperand(tokens[before]) && tokens[before].end === tokens[bracketIndex].start;
}

/**
 * `| project-aw`: the lexer reads `project`, `-`, `aw`. Right after a pipe that is one operator
 * name being typed, so the pieces join into one word.
 */
function joinHyphenatedOperator(
  tokens: readonly SyntaxToken[],
  word: Word,
  previousIndex: number,
  text: string,
  offset: number,
): { word: Word; previousIndex: number } {
  let start = word.start;
  let i = previousIndex;
  let joined = false;
  while (i >= 0 && tokens[i].end === start && (tokens[i].type === 'Minus' || isNameLike(tokens[i]))) {
    if (tokens[i].type === 'Minus') joined = true;
    start = tokens[i].start;
    i--;
  }
  const before = previousSignificant(tokens, i);
  if (!joined || before < 0 || tokens[before].type !== 'Pipe') return { word, previousIndex };
  return { word: { text: text.slice(start, offset), start, end: Math.max(word.end, offset) }, previousIndex: before };
}

/** Walks back from the previous token to the stage's start, collecting the brackets the cursor is in. */
function scanStage(analyzed: AnalyzedDocument, fromIndex: number, wordStart: number): { frames: Frame[]; stage: Stage } {
  const { text, tokens } = analyzed.parsed;
  const frames: Frame[] = [];
  let level: SyntaxToken[] = [];
  let depth = 0;
  let nextStart = wordStart;
  let pipe: SyntaxToken | undefined;

  for (let i = fromIndex; i >= 0; i--) {
    const token = tokens[i];
    if (isComment(token)) {
      nextStart = token.start;
      continue;
    }
    if (hasBlankLine(text, token.end, nextStart)) break;
    nextStart = token.start;
    if (depth > 0) {
      if (isCloser(token)) depth++;
      else if (isOpener(token) && --depth === 0) level.push(token);
      continue;
    }
    if (isCloser(token)) {
      depth = 1;
      level.push(token);
    } else if (isOpener(token)) {
      const before = previousSignificant(tokens, i - 1);
      const frame: Frame = { open: token, tokens: level.reverse() };
      if (before >= 0 && !hasBlankLine(text, tokens[before].end, token.start)) frame.before = tokens[before];
      frames.push(frame);
      level = [];
    } else if (token.type === 'Pipe') {
      pipe = token;
      break;
    } else if (token.type === 'Semicolon') {
      break;
    } else {
      level.push(token);
    }
  }

  const stage: Stage = { tokens: level.reverse() };
  if (pipe) stage.pipe = pipe;
  else if (stage.tokens[0]?.type === 'Let' && stage.tokens[2]?.type === 'Equals') {
    stage.tokens = stage.tokens.slice(3);
    stage.letValue = true;
  }
  const first = stage.tokens[0];
  if (first) {
    const name = first.text.toLowerCase();
    const startsOperator = pipe ? findOperator(name) !== undefined : sourceOperatorNames.has(name);
    if (startsOperator) {
      stage.operatorName = name;
      const operator = operatorStartingAt(analyzed, first.start);
      if (operator) stage.operator = operator;
    }
  }
  return { frames, stage };
}

/** The operator node whose keyword starts at an offset. */
export function operatorStartingAt(analyzed: AnalyzedDocument, offset: number): TabularOperator | undefined {
  const path = nodePathAt(analyzed.parsed.root, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (isOperatorNode(node) && node.nameSpan.start === offset) return node;
  }
  return undefined;
}

export function isOperatorNode(node: Node): node is TabularOperator {
  return 'nameSpan' in node;
}
