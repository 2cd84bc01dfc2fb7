import type { IToken } from 'chevrotain';
import type { DocumentNode, QueryNode } from './ast.ts';
import { AstBuilder } from './cstToAst.ts';
import { tokenEnd } from './cst.ts';
import { AplGrammar } from './grammar.ts';
import type { ParsedDocument, SyntaxError, SyntaxToken } from './parseResult.ts';
import { joinRanges, lastTokenEnd, lexRange, lineEndAfter, type LexedRange } from './queryText.ts';
import { UnknownRuns } from './unknownRuns.ts';
import { cutDeepBrackets, cutDeepExpressions } from './nesting.ts';
import { addKustoHints } from './kustoHints.ts';
import { withoutStackTraces } from './recoveringParser.ts';
import { limitQueryErrors, maxSyntaxErrorsPerQuery, queryErrorLimit, tooManyInDocumentMessage } from './errorLimit.ts';
import { LineIndex } from '../text/lineIndex.ts';
import { blankLineStretches, type TextRange } from '../text/blankLines.ts';

let grammar: AplGrammar | undefined;

/** The grammar is built once (chevrotain analyses it up front) and reused for every parse. */
function sharedGrammar(): AplGrammar {
  grammar ??= new AplGrammar();
  return grammar;
}

/**
 * Parses a document of queries separated by blank lines, the way `.apl` files are written and
 * the way "run the query under the cursor" reads them. Never throws.
 */
export function parseDocument(text: string): ParsedDocument {
  return parse(text, true);
}

/** Parses the whole text as one query, blank lines included. Never throws. */
export function parseQuery(text: string): ParsedDocument {
  return parse(text, false);
}

/**
 * Parses the text from `from` on as one query, offsets in the whole text; what comes before is
 * neither lexed nor parsed (a notebook cell's prelude, parsed once for all its cells). Never throws.
 */
export function parseQueryFrom(text: string, from: number): ParsedDocument {
  return parse(text, false, undefined, from);
}

/** How `parse` lexes: the whole text first, or one query at a time, a long one only as far as needed. */
export type Lexing = 'whole' | 'byQuery';

/** `parseDocument` or `parseQuery` lexing as told rather than as the text suggests: the two must agree (tests). */
export function parseWithLexing(text: string, splitOnBlankLines: boolean, lexing: Lexing): ParsedDocument {
  return parse(text, splitOnBlankLines, lexing);
}

/**
 * The longest text read, in characters. Parsing holds a query's whole concrete syntax tree at once:
 * at worst (`a a a …`) about 1.2 KB of heap per character while it runs and 150 bytes per character
 * kept, so 1 MiB stays well inside a process's heap on a small machine; a longer text is one error.
 */
export const maxTextLength = 1024 * 1024;

function parse(text: string, splitOnBlankLines: boolean, lexing?: Lexing, from = 0): ParsedDocument {
  if (text.length - from > maxTextLength) return tooLong(text, from);
  const errors: SyntaxError[] = [];
  const builder = new AstBuilder(text, errors);
  sharedGrammar().text = text;
  const queries: QueryNode[] = [];
  let documentLimited = false;
  /** The error limit of the next query; past the document's limit, one notice at its first token says so. */
  const nextLimit = (first: IToken) => {
    const limit = queryErrorLimit(errors.length);
    if (limit < maxSyntaxErrorsPerQuery && !documentLimited) {
      documentLimited = true;
      errors.push({ start: first.startOffset, end: tokenEnd(first), message: tooManyInDocumentMessage });
    }
    return limit;
  };
  /**
   * A query's own lexical errors are the unknown characters before its end (those between two
   * queries go with the later). Past the query's limit none would be reported, so they are skipped, not built.
   */
  const addLexicalErrors = (runs: UnknownRuns, before: number, limit: number) => {
    for (let added = 0; runs.next(before); added++) {
      if (added > limit) continue;
      const { offset, length } = runs;
      errors.push({ start: offset, end: offset + length, message: `Unexpected characters '${text.slice(offset, offset + length)}'.` });
    }
  };
  const context: ParseContext = { text, builder, errors, queries, nextLimit, addLexicalErrors };
  // Lexing one query at a time pays only for long texts of junk: the head of the text tells.
  const head = lexing === undefined && text.length - from > 2 * prefixCharacters ? lexRange(text, from, lineEndAfter(text, from + prefixCharacters, text.length)) : undefined;
  const byQuery = (lexing ?? (head && looksLikeJunk(text, head, [], from) ? 'byQuery' : 'whole')) === 'byQuery';
  const whole = byQuery ? undefined : head ? joinRanges(head, lexRange(text, head.end, text.length)) : lexRange(text, from, text.length);
  const stretches = splitOnBlankLines ? blankLineStretches(text) : [{ start: from, end: text.length }];
  parseStretches(context, stretches, whole ? rangesOf(whole) : (start, end) => lexRange(text, start, end), byQuery, from);
  // Only some features read the tokens; diagnostics alone never pay for the copy.
  return parsedDocument(text, queries, deduplicate(errors), () => mergeTokens(whole ?? lexRange(text, from, text.length)));
}

/** The parse's answer; the line index and the tokens are made when first read. */
function parsedDocument(text: string, queries: QueryNode[], errors: SyntaxError[], readTokens: () => SyntaxToken[]): ParsedDocument {
  const root: DocumentNode = { kind: 'Document', queries, start: 0, end: text.length };
  let tokens: SyntaxToken[] | undefined;
  let lineIndex: LineIndex | undefined;
  return {
    text,
    get lineIndex() {
      lineIndex ??= new LineIndex(text);
      return lineIndex;
    },
    root,
    get tokens() {
      tokens ??= readTokens();
      return tokens;
    },
    errors,
  };
}

function tooLong(text: string, from: number): ParsedDocument {
  const megabytes = ((text.length - from) / (1024 * 1024)).toFixed(1);
  const message = `This text is ${megabytes} MiB long: APL is read up to 1 MiB (${maxTextLength.toLocaleString('en')} characters). Split it into smaller files or queries.`;
  return parsedDocument(text, [], [{ start: from, end: Math.min(from + 1, text.length), message }], () => []);
}

interface ParseContext {
  text: string;
  builder: AstBuilder;
  errors: SyntaxError[];
  queries: QueryNode[];
  nextLimit(first: IToken): number;
  addLexicalErrors(runs: UnknownRuns, before: number, limit: number): void;
}

/** The tokens and comments of one stretch after another, taken in order out of a text lexed whole. */
function rangesOf(lexed: LexedRange): (start: number, end: number) => LexedRange {
  let token = 0;
  let comment = 0;
  return (start, end) => {
    const [firstToken, firstComment] = [token, comment];
    while (token < lexed.tokens.length && lexed.tokens[token].startOffset < end) token++;
    while (comment < lexed.comments.length && lexed.comments[comment].startOffset < end) comment++;
    return { start, end, tokens: lexed.tokens.slice(firstToken, token), comments: lexed.comments.slice(firstComment, comment) };
  };
}

/**
 * Parses the tokens of each stretch between blank lines that has some as one query. With
 * `stopEarly` (a text of junk, lexed one stretch at a time), a long stretch is lexed first as far
 * as its first few kilobytes: junk makes the parser stop after a few errors (see
 * `RecoveringParser.begin`), and when it stops well inside them (reading no token near their
 * end, it would have done the same with the whole query) the rest is never lexed. The answer is
 * the same as lexing all.
 */
function parseStretches(context: ParseContext, stretches: TextRange[], lex: (start: number, end: number) => LexedRange, stopEarly: boolean, from: number): void {
  const { text, errors } = context;
  // Where the unknown characters not yet reported start, and the comments from there on.
  let pendingStart = from;
  let pendingComments: IToken[] = [];
  for (const stretch of stretches) {
    const long = stopEarly && stretch.end - stretch.start > prefixCharacters;
    let lexed = lex(stretch.start, long ? lineEndAfter(text, stretch.start + prefixCharacters, stretch.end) : stretch.end);
    if (lexed.end < stretch.end) {
      const tail = lexed.tokens.length > 0 && looksLikeJunk(text, lexed, pendingComments, pendingStart) ? lastTokenEnd(text, stretch.start, stretch.end) : undefined;
      if (tail && tail.end > lexed.end) {
        const limit = context.nextLimit(lexed.tokens[0]);
        const errorsBefore = errors.length;
        context.addLexicalErrors(new UnknownRuns(text, lexed.tokens, [...pendingComments, ...lexed.comments], pendingStart, lexed.end), tail.end, limit);
        const query = parseGroup(lexed.tokens, context, errorsBefore, limit, tail.end);
        if (query) {
          context.queries.push(query);
          // What follows the query's last token goes with the next, as when all is lexed.
          pendingStart = tail.end;
          pendingComments = tail.commentsAfter;
          continue;
        }
        errors.length = errorsBefore;
      }
      lexed = lex(stretch.start, stretch.end);
    }
    for (const comment of lexed.comments) pendingComments.push(comment);
    const last = lexed.tokens[lexed.tokens.length - 1];
    if (!last) continue;
    const limit = context.nextLimit(lexed.tokens[0]);
    const errorsBefore = errors.length;
    const end = tokenEnd(last);
    context.addLexicalErrors(new UnknownRuns(text, lexed.tokens, pendingComments, pendingStart, stretch.end), end, limit);
    context.queries.push(parseGroup(lexed.tokens, context, errorsBefore, limit)!);
    pendingStart = end;
    pendingComments = lexed.comments.filter((comment) => comment.startOffset >= end);
  }
  addTrailingErrors(context, new UnknownRuns(text, [], pendingComments, pendingStart));
}

/** The unknown characters after the last query, with the limit the next query would have had. */
function addTrailingErrors(context: ParseContext, runs: UnknownRuns): void {
  const { errors } = context;
  const trailingErrors = errors.length;
  const trailingLimit = queryErrorLimit(trailingErrors);
  context.addLexicalErrors(runs, Infinity, trailingLimit);
  limitQueryErrors(errors, trailingErrors, undefined, trailingLimit);
}

/** A long query is lexed in part first from this many characters on. */
const prefixCharacters = 2048;
/** ... and only when they hold this many runs of unknown characters: text that is not APL. */
const junkRuns = 10;
/** The parser reads no further ahead than this many tokens past the one it stopped at (its resync window, 32, and LA(2)). */
const lookaheadMargin = 40;

/** Whether the lexed text (from `from`, `comments` before it included) holds `junkRuns` runs of unknown characters. */
function looksLikeJunk(text: string, lexed: LexedRange, comments: IToken[], from: number): boolean {
  const runs = new UnknownRuns(text, lexed.tokens, [...comments, ...lexed.comments], from, lexed.end);
  let count = 0;
  while (count < junkRuns && runs.next()) count++;
  return count === junkRuns;
}

/**
 * Parses one query's tokens; its errors are those from `errors[queryErrorsFrom]` on, its lexical
 * ones included, and it reports at most `errorLimit` places. Given `prefixOf` (the end of the
 * whole query), the tokens are only its first ones: the answer is undefined unless the parser
 * stopped reading well before their end, where the whole query's tokens would have led it alike.
 */
function parseGroup(tokens: IToken[], context: ParseContext, queryErrorsFrom: number, errorLimit: number, prefixOf?: number): QueryNode | undefined {
  const { text, errors } = context;
  const errorsBefore = errors.length;
  const group = cutDeepBrackets(tokens, text, errors);
  const bracketsCut = errors.length > errorsBefore;
  const parser = sharedGrammar();
  parser.begin(group, errorLimit);
  const cst = withoutStackTraces(() => parser.query());
  if (prefixOf !== undefined && !(parser.stoppedIndex >= 0 && parser.stoppedIndex + lookaheadMargin < group.length)) return undefined;
  const start = group[0].startOffset;
  const end = prefixOf ?? tokenEnd(group[group.length - 1]);
  for (const error of parser.errors) {
    const token = error.token;
    const atEnd = !Number.isFinite(token.startOffset) || token.tokenType.name === 'EOF';
    const last = group[group.length - 1];
    errors.push(
      atEnd
        ? { start: last.startOffset, end: tokenEnd(last), message: error.message }
        : { start: token.startOffset, end: tokenEnd(token), message: error.message },
    );
  }
  const query = context.builder.query(cst, start, end);
  cutDeepExpressions(query, errors, bracketsCut);
  const stop = parser.stoppedAt;
  limitQueryErrors(errors, queryErrorsFrom, stop && { start: stop.startOffset, end: tokenEnd(stop) }, errorLimit);
  addKustoHints(group, errors, queryErrorsFrom);
  return query;
}

function mergeTokens({ tokens, comments }: LexedRange): SyntaxToken[] {
  const all = comments.length === 0 ? tokens : [...tokens, ...comments].sort((a, b) => a.startOffset - b.startOffset);
  return all.map((token) => ({ type: token.tokenType.name, start: token.startOffset, end: tokenEnd(token), text: token.image }));
}

/** Recovery can report several errors at one place; the first (lexical before syntactic) wins. */
function deduplicate(errors: SyntaxError[]): SyntaxError[] {
  const seen = new Set<number>();
  return errors
    .sort((a, b) => a.start - b.start)
    .filter((error) => {
      if (seen.has(error.start)) return false;
      seen.add(error.start);
      return true;
    });
}
