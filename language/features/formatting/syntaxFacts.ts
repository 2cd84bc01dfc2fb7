import type * as ast from '../../syntax/ast.ts';
import type { SyntaxToken } from '../../syntax/parseResult.ts';
import { walk } from '../../syntax/visit.ts';
import { firstTokenIndexAt } from '../shared/tokens.ts';

/**
 * What the formatter needs to know from the AST, as sets of offsets it can test while it walks
 * the token stream. Tokens alone cannot tell a call's `(` from `in (`, a unary minus from a
 * binary one, or where a `let` statement ends.
 */
export interface SyntaxFacts {
  /** Statements of a query: each starts a line at column 0. */
  statementStarts: Set<number>;
  /** Statements of a function-like let's body, start → end: each starts a line inside a body laid out on several. */
  bodyStatementStarts: Map<number, number>;
  /** The `{` of each function-like let's body. */
  bodyOpens: Set<number>;
  /** `let` and `set` statements: a pipe directly inside one belongs to the let's body. */
  letStatements: ast.Span[];
  /** `(` written against the word before it: calls, `datatable(`, `externaldata(`. */
  gluedParens: Set<number>;
  /** End offsets of expressions followed by an index or slice `[`. */
  indexedEnds: Set<number>;
  /** Start offsets of binary operator tokens (to tell `a - b` from `-1`). */
  binaryOperators: Set<number>;
  /** `=` written without spaces: operator options (`kind=inner`) and make-series `default=0`. */
  gluedEquals: Set<number>;
  /** Column patterns such as `status*` or `['geo.']*`: written without inner spaces. */
  wildcards: ast.Span[];
  /** The arguments of operators we do not know: their spacing is the author's. */
  rawSpans: ast.Span[];
}

export function collectSyntaxFacts(root: ast.DocumentNode, tokens: readonly SyntaxToken[]): SyntaxFacts {
  const facts: SyntaxFacts = {
    statementStarts: new Set(),
    bodyStatementStarts: new Map(),
    bodyOpens: new Set(),
    letStatements: [],
    gluedParens: new Set(),
    indexedEnds: new Set(),
    binaryOperators: new Set(),
    gluedEquals: new Set(),
    wildcards: [],
    rawSpans: [],
  };
  const glueEqualsBetween = (from: number, to: number) => {
    const equals = firstTokenOfType(tokens, 'Equals', from, to);
    if (equals) facts.gluedEquals.add(equals.start);
  };
  // A function's body statements are visited after the function itself.
  const statementStarts = (start: number) => (facts.bodyStatementStarts.has(start) ? undefined : facts.statementStarts.add(start));
  walk(root, (node) => {
    switch (node.kind) {
      case 'LetStatement':
      case 'SetStatement':
        facts.letStatements.push({ start: node.start, end: node.end });
        statementStarts(node.start);
        break;
      case 'ExpressionStatement':
        statementStarts(node.start);
        break;
      case 'Function': {
        for (const statement of node.body) facts.bodyStatementStarts.set(statement.start, statement.end);
        const open = bodyOpenOf(node, tokens);
        if (open) facts.bodyOpens.add(open.start);
        break;
      }
      case 'Call':
        facts.gluedParens.add(node.openParen);
        break;
      case 'Index':
      case 'Slice':
        facts.indexedEnds.add(node.target.end);
        break;
      case 'Binary':
      case 'ListOperator':
        facts.binaryOperators.add(node.operatorSpan.start);
        break;
      case 'OperatorOption':
        glueEqualsBetween(node.name.end, node.value.start);
        break;
      case 'MakeSeriesAggregate': {
        // `default = 0`: the `=` is the token right before the value.
        const equals = node.default && tokens[firstTokenIndexAt(tokens, node.default.start) - 1];
        if (equals?.type === 'Equals') facts.gluedEquals.add(equals.start);
        break;
      }
      case 'Wildcard':
        facts.wildcards.push({ start: node.start, end: node.end });
        break;
      case 'datatable':
      case 'externaldata': {
        const open = firstTokenOfType(tokens, 'LParen', node.nameSpan.end, node.end);
        if (open) facts.gluedParens.add(open.start);
        break;
      }
      case 'unknown':
        if (node.end > node.nameSpan.end) facts.rawSpans.push({ start: node.nameSpan.start, end: node.end });
        break;
    }
  });
  return facts;
}

/** The `{` after a function's parameter list: the first one outside the list's parentheses. */
function bodyOpenOf(node: ast.FunctionNode, tokens: readonly SyntaxToken[]): SyntaxToken | undefined {
  let depth = 0;
  for (let i = firstTokenIndexAt(tokens, node.start); i < tokens.length && tokens[i].start < node.end; i++) {
    const type = tokens[i].type;
    if (type === 'LParen') depth++;
    else if (type === 'RParen') depth--;
    else if (type === 'LBrace' && depth === 0) return tokens[i];
  }
  return undefined;
}

/** The first token of a type starting in [from, to), skipping only comments on the way. */
function firstTokenOfType(tokens: readonly SyntaxToken[], type: string, from: number, to: number): SyntaxToken | undefined {
  for (let i = firstTokenIndexAt(tokens, from); i < tokens.length && tokens[i].start < to; i++) {
    if (tokens[i].type === type) return tokens[i];
    if (tokens[i].type !== 'Comment') return undefined;
  }
  return undefined;
}

export function spanContaining(spans: readonly ast.Span[], offset: number): ast.Span | undefined {
  return spans.find((span) => span.start <= offset && offset < span.end);
}
