import type { CstElement, CstNode, IToken } from 'chevrotain';

/** Small accessors over chevrotain's concrete syntax tree that tolerate recovered (partial) nodes. */

export type Children = Record<string, CstElement[] | undefined>;

/** A token the parser really saw (recovery may insert virtual tokens without a position). */
export function isRealToken(token: IToken | undefined): token is IToken {
  return token !== undefined && !token.isInsertedInRecovery && Number.isFinite(token.startOffset);
}

export function nodes(children: Children, key: string): CstNode[] {
  return (children[key] ?? []) as CstNode[];
}

export function node(children: Children, key: string): CstNode | undefined {
  return (children[key]?.[0] as CstNode | undefined) ?? undefined;
}

export function tokens(children: Children, key: string): IToken[] {
  return ((children[key] ?? []) as IToken[]).filter(isRealToken);
}

export function token(children: Children, key: string): IToken | undefined {
  const candidates = children[key] as IToken[] | undefined;
  if (!candidates) return undefined;
  for (const candidate of candidates) {
    if (isRealToken(candidate)) return candidate;
  }
  return undefined;
}

/** The first real token of any of the keys, in source order. */
export function firstToken(children: Children, ...keys: string[]): IToken | undefined {
  let first: IToken | undefined;
  for (const key of keys) {
    const candidate = token(children, key);
    if (candidate && (!first || candidate.startOffset < first.startOffset)) first = candidate;
  }
  return first;
}

/** All real tokens of the keys, in source order. */
export function tokensInOrder(children: Children, ...keys: string[]): IToken[] {
  return keys.flatMap((key) => tokens(children, key)).sort((a, b) => a.startOffset - b.startOffset);
}

export function tokenEnd(token: IToken): number {
  return token.endOffset! + 1;
}

/** The offsets a CST node covers, or undefined when recovery left it empty. */
export function nodeSpan(cst: CstNode): { start: number; end: number } | undefined {
  const location = cst.location;
  if (!location || !Number.isFinite(location.startOffset) || !Number.isFinite(location.endOffset)) return undefined;
  return { start: location.startOffset, end: location.endOffset! + 1 };
}
