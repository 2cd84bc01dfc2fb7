import type { IToken } from 'chevrotain';
import type { DocumentNode, QueryNode } from './ast.ts';
import { AstBuilder } from './cstToAst.ts';
import { tokenEnd } from './cst.ts';
import { AplGrammar } from './grammar.ts';
import type { ParsedDocument, SyntaxError, SyntaxToken } from './parseResult.ts';
import { tokenize } from './lexer.ts';
import { UnknownRuns } from './unknownRuns.ts';
import { cutDeepBrackets, cutDeepExpressions } from './nesting.ts';
import { withoutStackTraces } from './recoveringParser.ts';
import { limitQueryErrors, maxSyntaxErrorsPerQuery, queryErrorLimit, tooManyInDocumentMessage } from './errorLimit.ts';
import { LineIndex } from '../text/lineIndex.ts';
import { hasBlankLine } from '../text/blankLines.ts';

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

function parse(text: string, splitOnBlankLines: boolean): ParsedDocument {
  const lexed = tokenize(text);
  const comments = lexed.groups.comments ?? [];
  const errors: SyntaxError[] = [];
  const unknownRuns = new UnknownRuns(text, lexed.tokens, comments);
  /**
   * A query's own lexical errors are the unknown characters before its end (those between two
   * queries go with the later). Past the query's limit none would be reported, so they are skipped, not built.
   */
  const addLexicalErrors = (before: number, limit: number) => {
    for (let added = 0; unknownRuns.next(before); added++) {
      if (added > limit) continue;
      const { offset, length } = unknownRuns;
      errors.push({ start: offset, end: offset + length, message: `Unexpected characters '${text.slice(offset, offset + length)}'.` });
    }
  };
  const groups = splitOnBlankLines ? splitQueries(text, lexed.tokens, comments) : [lexed.tokens];
  const builder = new AstBuilder(text, errors);
  sharedGrammar().text = text;
  const queries: QueryNode[] = [];
  let documentLimited = false;
  for (const group of groups) {
    if (group.length === 0) continue;
    const limit = queryErrorLimit(errors.length);
    if (limit < maxSyntaxErrorsPerQuery && !documentLimited) {
      documentLimited = true;
      errors.push({ start: group[0].startOffset, end: tokenEnd(group[0]), message: tooManyInDocumentMessage });
    }
    const errorsBefore = errors.length;
    addLexicalErrors(tokenEnd(group[group.length - 1]), limit);
    queries.push(parseGroup(group, text, builder, errors, errorsBefore, limit));
  }
  const trailingErrors = errors.length;
  const trailingLimit = queryErrorLimit(trailingErrors);
  addLexicalErrors(Infinity, trailingLimit);
  limitQueryErrors(errors, trailingErrors, undefined, trailingLimit);
  const root: DocumentNode = { kind: 'Document', queries, start: 0, end: text.length };
  let tokens: SyntaxToken[] | undefined;
  return {
    text,
    lineIndex: new LineIndex(text),
    root,
    // Only some features read the tokens; diagnostics alone never pay for the copy.
    get tokens() {
      tokens ??= mergeTokens(lexed.tokens, comments);
      return tokens;
    },
    errors: deduplicate(errors),
  };
}

/**
 * Parses one query's tokens; its errors are those from `errors[queryErrorsFrom]` on, its lexical
 * ones included, and it reports at most `errorLimit` places.
 */
function parseGroup(tokens: IToken[], text: string, builder: AstBuilder, errors: SyntaxError[], queryErrorsFrom: number, errorLimit: number): QueryNode {
  const errorsBefore = errors.length;
  const group = cutDeepBrackets(tokens, text, errors);
  const bracketsCut = errors.length > errorsBefore;
  const parser = sharedGrammar();
  parser.begin(group, errorLimit);
  const cst = withoutStackTraces(() => parser.query());
  const start = group[0].startOffset;
  const end = tokenEnd(group[group.length - 1]);
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
  const query = builder.query(cst, start, end);
  cutDeepExpressions(query, errors, bracketsCut);
  const stop = parser.stoppedAt;
  limitQueryErrors(errors, queryErrorsFrom, stop && { start: stop.startOffset, end: tokenEnd(stop) }, errorLimit);
  return query;
}

/** Groups tokens into queries: a line that is blank (comments are not blank) ends a query. */
function splitQueries(text: string, tokens: IToken[], comments: IToken[]): IToken[][] {
  const groups: IToken[][] = [];
  let current: IToken[] = [];
  let previousEnd = 0;
  let ci = 0;
  for (const token of tokens) {
    // Comments between two tokens keep them together unless a blank line separates them.
    let gapStart = previousEnd;
    while (ci < comments.length && comments[ci].startOffset < token.startOffset) {
      if (hasBlankLine(text, gapStart, comments[ci].startOffset) && current.length > 0) {
        groups.push(current);
        current = [];
      }
      gapStart = tokenEnd(comments[ci]);
      ci++;
    }
    if (current.length > 0 && hasBlankLine(text, gapStart, token.startOffset)) {
      groups.push(current);
      current = [];
    }
    current.push(token);
    previousEnd = tokenEnd(token);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function mergeTokens(tokens: IToken[], comments: IToken[]): SyntaxToken[] {
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
