import { createTokenInstance, type IToken } from 'chevrotain';
import type * as ast from './ast.ts';
import { tokenEnd } from './cst.ts';
import type { SyntaxError } from './parseResult.ts';
import { LBrace, LBracket, LParen, NestedTooDeeply, RBrace, RBracket, RParen } from './tokens.ts';
import { forEachChild } from './visit.ts';

/**
 * How deeply expressions may nest: brackets inside brackets, and operands inside operators
 * (signs, `.member`, `[index]`, calls, subqueries). The parser, the AST builder and every
 * consumer of the AST recurse once per level, so the limit is what keeps them inside the stack.
 * 100 is far beyond what people write (a handful of levels) and about a third of what the
 * parser itself survives on Node's default stack (it overflows near 280 nested parentheses).
 * Kusto documents no such limit; this one is ours.
 *
 * Chains of binary operators (`a or b or c …`, `a + b + c …`) do not nest: every consumer walks
 * a chain's left spine in a loop, so a chain of any length counts as one level.
 */
export const maxNestingDepth = 100;

const nestedTooDeeplyMessage = `Expression nested too deeply (more than ${maxNestingDepth} levels).`;

const openers = new Set([LParen, LBracket, LBrace]);
const closers = new Set([RParen, RBracket, RBrace]);

/**
 * Replaces each bracketed group that opens past the limit by one `NestedTooDeeply` token and
 * reports it, so the parser never descends further. Linear: the skipped tokens are read once.
 */
export function cutDeepBrackets(tokens: IToken[], text: string, errors: SyntaxError[]): IToken[] {
  let depth = 0;
  let kept: IToken[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (openers.has(token.tokenType)) {
      if (depth === maxNestingDepth) {
        const close = matchingClose(tokens, i);
        // One report per query: a wide expression could otherwise pass the limit thousands of times.
        if (!kept) errors.push({ start: token.startOffset, end: tokenEnd(token), message: nestedTooDeeplyMessage });
        kept ??= tokens.slice(0, i);
        kept.push(placeholder(token, tokens[close], text));
        i = close;
        continue;
      }
      depth++;
    } else if (closers.has(token.tokenType) && depth > 0) {
      depth--;
    }
    kept?.push(token);
  }
  return kept ?? tokens;
}

/** The index of the bracket closing the one at `open`, or the last token when none does. */
function matchingClose(tokens: IToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const type = tokens[i].tokenType;
    if (openers.has(type)) depth++;
    else if (closers.has(type) && --depth === 0) return i;
  }
  return tokens.length - 1;
}

function placeholder(first: IToken, last: IToken, text: string): IToken {
  const end = tokenEnd(last);
  const image = text.slice(first.startOffset, end);
  return createTokenInstance(NestedTooDeeply, image, first.startOffset, end - 1, NaN, NaN, NaN, NaN);
}

/**
 * Cuts every operator nested more than the limit deep, turning it into a `Missing` node in place
 * and reporting it; brackets are already bounded, this bounds the rest (runs of signs, long
 * `.member` and `[index]` chains, operators inside operators). A node's level is the number of
 * expressions around it. A binary node's left operand shares the node's level (that is the
 * chain's spine), and so does a pipeline's content (a subquery already sits in brackets). Only
 * nodes with operands are cut: leaves may sit in slots typed as names. Iterative, so it cannot
 * overflow on the input it guards against. `alreadyReported`: the query's brackets were cut and
 * reported, and one report per query is enough.
 */
export function cutDeepExpressions(root: ast.Node, errors: SyntaxError[], alreadyReported: boolean): void {
  const stack: { node: ast.Node; level: number }[] = [{ node: root, level: 0 }];
  const children: { node: ast.Node; level: number }[] = [];
  let reported = alreadyReported;
  while (stack.length > 0) {
    const { node, level } = stack.pop()!;
    const nests = nestingKinds.has(node.kind);
    if (nests && level >= maxNestingDepth) {
      // One report per query, at the first place in the text that passes the limit.
      if (!reported) errors.push({ start: node.start, end: Math.min(node.end, node.start + 1), message: nestedTooDeeplyMessage });
      reported = true;
      becomeMissing(node);
      continue;
    }
    forEachChild(node, (child) => {
      const spine = node.kind === 'Binary' && child === node.left;
      children.push({ node: child, level: nests && !spine ? level + 1 : level });
    });
    while (children.length > 0) stack.push(children.pop()!);
  }
}

function becomeMissing(node: ast.Node): void {
  const { start, end } = node;
  const record = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) delete record[key];
  Object.assign(record, { kind: 'Missing', start, end } satisfies ast.MissingNode);
}

/** Expressions with operands, each a level deeper (the pipeline is the exception above). */
const nestingKinds = new Set<string>([
  'Member', 'Index', 'Slice', 'Call', 'Binary', 'Unary', 'ListOperator', 'Between', 'Paren', 'TypeOf',
] satisfies ast.Expression['kind'][]);
