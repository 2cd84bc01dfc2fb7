/**
 * Kusto constructs APL does not have read as syntax errors that say only what was expected
 * (`Expected ';' between statements`). Where one starts a failing stretch of a statement, its first
 * syntax error also names the construct, so the user learns what to write instead.
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import * as t from './tokens.ts';
import type { SyntaxError } from './parseResult.ts';

interface KustoConstruct {
  /** Whether the construct starts at `tokens[at]`. */
  startsAt(tokens: readonly IToken[], at: number): boolean;
  hint: string;
}

const word = (token: IToken | undefined, text: string) => token !== undefined && token.image === text;
const type = (token: IToken | undefined, tokenType: typeof t.Identifier) => token?.tokenType === tokenType;

const constructs: KustoConstruct[] = [
  {
    // range x from 1 to 5 step 1
    startsAt: (tokens, at) => word(tokens[at], 'range') && tokens[at + 1]?.tokenType !== t.LParen && word(tokens[at + 2], 'from'),
    hint: "APL has no range operator: for Kusto's `range x from 1 to 5 step 1`, write `print x = range(1, 5, 1) | mv-expand x`.",
  },
  {
    // toscalar(print …), toscalar(T | summarize …)
    startsAt: (tokens, at) => word(tokens[at], 'toscalar') && type(tokens[at + 1], t.LParen),
    hint: 'APL has no toscalar() function.',
  },
  {
    // let f = view () { … }
    startsAt: (tokens, at) => word(tokens[at], 'view') && type(tokens[at + 1], t.LParen),
    hint: 'APL has no views: bind the tabular expression with `let name = …;` instead.',
  },
  {
    // bag.[key]: Kusto's member access by a computed name
    startsAt: (tokens, at) => type(tokens[at], t.Dot) && type(tokens[at + 1], t.LBracket) && tokens[at + 2] !== undefined && !tokenMatcher(tokens[at + 2]!, t.StringLiteral),
    hint: 'APL reads `.[…]` with a quoted name only: for a computed key, write `bag[key]`.',
  },
  {
    // make-series kind=nonempty …
    startsAt: (tokens, at) => type(tokens[at], t.MakeSeries) && word(tokens[at + 1], 'kind') && type(tokens[at + 2], t.Equals),
    hint: "APL's make-series has no kind option.",
  },
];

/**
 * Adds the hint of each Kusto construct in a query's tokens to the first error of `errors` (from
 * `from` on) that starts at it or after it, before the statement's next `;`. Linear in the tokens;
 * a query's errors are few (errorLimit.ts).
 */
export function addKustoHints(tokens: readonly IToken[], errors: SyntaxError[], from: number): void {
  if (errors.length === from) return;
  const hinted = new Set<SyntaxError>();
  let statementEnd = -1;
  for (let at = 0; at < tokens.length; at++) {
    const construct = constructs.find((candidate) => candidate.startsAt(tokens, at));
    if (!construct) continue;
    const start = tokens[at]!.startOffset;
    if (statementEnd < start) statementEnd = nextSemicolon(tokens, at);
    let first: SyntaxError | undefined;
    for (let index = from; index < errors.length; index++) {
      const error = errors[index]!;
      if (error.start >= start && error.start < statementEnd && (!first || error.start < first.start)) first = error;
    }
    if (first && !hinted.has(first)) {
      hinted.add(first);
      first.message = `${first.message} ${construct.hint}`;
    }
  }
}

function nextSemicolon(tokens: readonly IToken[], at: number): number {
  for (let index = at; index < tokens.length; index++) if (tokens[index]!.tokenType === t.Semicolon) return tokens[index]!.startOffset;
  return Number.POSITIVE_INFINITY;
}
