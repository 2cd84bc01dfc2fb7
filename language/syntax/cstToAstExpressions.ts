import type { CstNode, IToken } from 'chevrotain';
import type * as ast from './ast.ts';
import { constantValue } from './constantValue.ts';
import { decodeString, parseNumber, parseTimespan } from './literals.ts';
import { type Children, firstToken, node, nodes, nodeSpan, token, tokenEnd, tokens, tokensInOrder } from './cst.ts';
import type { SyntaxError } from './parseResult.ts';

/**
 * The expression half of the CST→AST builder: operands, operator precedence, literals, calls and
 * names. Pipelines are the other half's (cstToAst.ts): an argument or a parenthesis may hold one.
 */
export abstract class ExpressionBuilder {
  constructor(
    protected readonly text: string,
    protected readonly errors: SyntaxError[],
  ) {}

  /** A source and its `| operator` stages, from the children of `pipeline` or `argument`. */
  protected abstract pipelineFrom(children: Children, span: ast.Span): ast.Expression;

  protected pipelineOrMissing(cst: CstNode | undefined, fallback: number): ast.Expression {
    return cst ? this.pipeline(cst, fallback) : missing(fallback);
  }

  private pipeline(cst: CstNode, fallback: number): ast.Expression {
    return this.pipelineFrom(cst.children as Children, this.span(cst, fallback));
  }

  protected expressions(c: Children, key: string, fallback: number): ast.Expression[] {
    return nodes(c, key).map((expression) => this.expression(expression, fallback));
  }

  protected expressionOrMissing(cst: CstNode | undefined, fallback: number): ast.Expression {
    return cst ? this.expression(cst, fallback) : missing(fallback);
  }

  /** Any expression-level rule: `expression`, `operand`, `primaryExpression`, `pipeline`, `dynamicValue`. */
  protected expression(cst: CstNode, fallback: number): ast.Expression {
    const c = cst.children as Children;
    switch (cst.name) {
      case 'expression':
        return this.binarySequence(c, fallback);
      case 'operand':
        return this.operand(c, fallback);
      case 'primaryExpression':
        return this.primary(cst, fallback);
      case 'pipeline':
        return this.pipeline(cst, fallback);
      case 'dynamicValue':
        return this.expressionOrMissing(node(c, 'expression'), fallback);
      default:
        return missing(this.span(cst, fallback).start);
    }
  }

  /** Applies operator precedence to `operand (operator operand)*` (shunting-yard). */
  private binarySequence(c: Children, fallback: number): ast.Expression {
    const first = this.expressionOrMissing(node(c, 'operand'), fallback);
    const tails = nodes(c, 'binaryTail');
    if (tails.length === 0) return first;
    const operands: ast.Expression[] = [first];
    const pending: PendingOperator[] = [];
    const reduce = () => {
      const operator = pending.pop()!;
      if (operator.kind === 'binary') {
        const right = operands.pop()!;
        const left = operands.pop()!;
        operands.push(binary(operator.token, left, right));
      } else {
        operands.push(operator.build(operands.pop()!));
      }
    };
    for (const tail of tails) {
      const operator = this.pendingOperator(tail, operands[operands.length - 1].end);
      while (pending.length > 0 && pending[pending.length - 1].precedence >= operator.precedence) reduce();
      pending.push(operator);
      if (operator.kind === 'binary') operands.push(operator.right);
    }
    while (pending.length > 0) reduce();
    return operands[0];
  }

  private pendingOperator(tail: CstNode, fallback: number): PendingOperator {
    const t = tail.children as Children;
    const span = this.span(tail, fallback);
    const list = token(t, 'ListOperator');
    if (list) {
      const items = this.expressionList(node(t, 'expressionList'), tokenEnd(list));
      return {
        kind: 'postfix',
        precedence: comparisonPrecedence,
        build: (left) => ({
          kind: 'ListOperator',
          operator: list.image,
          operatorSpan: { start: list.startOffset, end: tokenEnd(list) },
          left,
          items,
          ...cover(left, span),
        }),
      };
    }
    const between = token(t, 'Between');
    if (between) {
      const low = this.expressionOrMissing(node(t, 'low'), tokenEnd(between));
      const high = this.expressionOrMissing(node(t, 'high'), low.end);
      return {
        kind: 'postfix',
        precedence: comparisonPrecedence,
        build: (left) => ({ kind: 'Between', negated: between.image.startsWith('!'), left, low, high, ...cover(left, span) }),
      };
    }
    const operator = firstToken(t, ...binaryOperatorKeys);
    if (!operator) return { kind: 'postfix', precedence: comparisonPrecedence, build: (left) => left };
    return {
      kind: 'binary',
      token: operator,
      precedence: precedenceOf[operator.tokenType.name] ?? comparisonPrecedence,
      right: this.expressionOrMissing(node(t, 'operand'), tokenEnd(operator)),
    };
  }

  private expressionList(cst: CstNode | undefined, fallback: number): ast.Expression[] {
    if (!cst) return [];
    const c = cst.children as Children;
    const single = node(c, 'operand');
    if (single) return [this.expression(single, fallback)];
    return nodes(c, 'pipeline').map((item) => this.pipeline(item, fallback));
  }

  private operand(c: Children, fallback: number): ast.Expression {
    let result = this.expressionOrMissing(node(c, 'primaryExpression'), fallback);
    const postfixes = c.postfix as CstNode[] | undefined;
    if (postfixes) {
      for (const postfix of postfixes) result = this.postfix(postfix, result);
    }
    const prefixes = tokens(c, 'prefix');
    for (let i = prefixes.length - 1; i >= 0; i--) {
      const prefix = prefixes[i];
      const operator = prefix.image === '-' ? '-' : prefix.image === '+' ? '+' : 'not';
      result = { kind: 'Unary', operator, operand: result, start: prefix.startOffset, end: Math.max(result.end, tokenEnd(prefix)) };
    }
    return result;
  }

  private postfix(postfix: CstNode, target: ast.Expression): ast.Expression {
    const p = postfix.children as Children;
    const span = this.span(postfix, target.end);
    if (token(p, 'Dot')) {
      const member = this.name(node(p, 'name'), span.end);
      return { kind: 'Member', target, member, ...cover(target, member) };
    }
    const index = node(p, 'index');
    if (token(p, 'Colon')) {
      const sliceEnd = node(p, 'sliceEnd');
      return {
        kind: 'Slice',
        target,
        from: index && this.expression(index, span.start),
        to: sliceEnd && this.expression(sliceEnd, span.start),
        ...cover(target, span),
      };
    }
    return { kind: 'Index', target, index: this.expressionOrMissing(index, span.start + 1), ...cover(target, span) };
  }

  private primary(cst: CstNode, fallback: number): ast.Expression {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const identifier = token(c, 'Identifier');
    if (identifier) return { kind: 'Name', name: identifier.image, quoted: false, start: identifier.startOffset, end: tokenEnd(identifier) };
    const quotedName = token(c, 'quotedName');
    if (quotedName) return { kind: 'Name', name: this.decodeString(quotedName).value, quoted: true, ...span };
    const literal = token(c, 'literal');
    if (literal) return this.literal(literal);
    const call = node(c, 'call');
    if (call) return this.call(call, fallback);
    const parenthesized = node(c, 'parenthesized');
    if (parenthesized) {
      const p = parenthesized.children as Children;
      const parenSpan = this.span(parenthesized, fallback);
      return { kind: 'Paren', expression: this.pipelineOrMissing(node(p, 'pipeline'), parenSpan.start + 1), ...parenSpan };
    }
    const dynamic = node(c, 'dynamicLiteral');
    if (dynamic) return this.dynamicLiteral(dynamic, fallback);
    const typeOf = node(c, 'typeOfExpression');
    if (typeOf) {
      const typeSpan = this.span(typeOf, fallback);
      return { kind: 'TypeOf', typeName: this.name(node(typeOf.children as Children, 'name'), typeSpan.end), ...typeSpan };
    }
    if (token(c, 'Star')) return { kind: 'Star', ...span };
    // The nesting guard already reported the group this token replaces.
    const tooDeep = token(c, 'NestedTooDeeply');
    if (tooDeep) return { kind: 'Missing', start: tooDeep.startOffset, end: tokenEnd(tooDeep) };
    return missing(span.start);
  }

  protected literal(literalToken: IToken): ast.Expression {
    const text = literalToken.image;
    const start = literalToken.startOffset;
    const end = tokenEnd(literalToken);
    switch (literalToken.tokenType.name) {
      case 'LongLiteral':
        return { kind: 'Literal', type: 'long', text, value: parseNumber(text), start, end };
      case 'RealLiteral':
        return { kind: 'Literal', type: 'real', text, value: parseNumber(text), start, end };
      case 'TimespanLiteral':
        return { kind: 'Literal', type: 'timespan', text, value: parseTimespan(text), start, end };
      case 'True':
        return { kind: 'Literal', type: 'bool', text, value: true, start, end };
      case 'False':
        return { kind: 'Literal', type: 'bool', text, value: false, start, end };
      case 'Null':
        return { kind: 'Literal', type: 'null', text, value: null, start, end };
      case 'TypedLiteral': {
        const open = text.indexOf('(');
        return { kind: 'TypedLiteral', typeName: text.slice(0, open), text: text.slice(open + 1, -1).trim(), start, end };
      }
      case 'QuotedString':
      case 'VerbatimString':
      case 'UnterminatedString':
        return this.stringLiteral(literalToken);
      default:
        return missing(start);
    }
  }

  protected stringLiteral(string: IToken): ast.LiteralNode {
    const decoded = this.decodeString(string);
    return { kind: 'Literal', type: 'string', text: string.image, value: decoded.value, start: string.startOffset, end: tokenEnd(string) };
  }

  private dynamicLiteral(cst: CstNode, fallback: number): ast.DynamicLiteralNode {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const open = token(c, 'LParen');
    const close = token(c, 'RParen');
    const valueCst = node(c, 'dynamicValue');
    const innerStart = open ? tokenEnd(open) : span.end;
    const innerEnd = close ? close.startOffset : span.end;
    const text = this.text.slice(innerStart, innerEnd).trim();
    const nonConstants: ast.Span[] = [];
    const literal: ast.DynamicLiteralNode = { kind: 'DynamicLiteral', text, value: valueCst ? this.dynamicValue(valueCst, nonConstants) : undefined, ...span };
    if (nonConstants.length > 0) literal.nonConstants = nonConstants;
    return literal;
  }

  /** The JSON-like value of a dynamic literal; undefined where it is not a constant, whose span goes to `nonConstants`. */
  private dynamicValue(cst: CstNode, nonConstants: ast.Span[]): unknown {
    const c = cst.children as Children;
    if (token(c, 'LBrace')) {
      const keys = tokensInOrder(c, 'StringLiteral', 'Identifier');
      const values = nodes(c, 'dynamicValue');
      const result: Record<string, unknown> = {};
      keys.forEach((key, index) => {
        const name = key.tokenType.name === 'Identifier' ? key.image : decodeString(key.image).value;
        result[name] = values[index] ? this.dynamicValue(values[index], nonConstants) : undefined;
      });
      return result;
    }
    if (token(c, 'LBracket')) return nodes(c, 'dynamicValue').map((value) => this.dynamicValue(value, nonConstants));
    const expression = this.expression(cst, 0);
    const value = constantValue(expression);
    if (expression.kind === 'DynamicLiteral') for (const span of expression.nonConstants ?? []) nonConstants.push(span);
    else if (value === undefined && expression.kind !== 'Missing') nonConstants.push({ start: expression.start, end: expression.end });
    return value;
  }

  private call(cst: CstNode, fallback: number): ast.CallNode {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const callee = token(c, 'Identifier');
    const open = token(c, 'LParen');
    const close = token(c, 'RParen');
    const calleeNode: ast.NameNode = callee
      ? { kind: 'Name', name: callee.image, quoted: false, start: callee.startOffset, end: tokenEnd(callee) }
      : { kind: 'Name', name: '', quoted: false, start: span.start, end: span.start };
    const openParen = open ? open.startOffset : calleeNode.end;
    const args = nodes(c, 'argument').map((argument) => this.argument(argument, openParen + 1));
    return { kind: 'Call', callee: calleeNode, args, openParen, closeParen: close ? close.startOffset : -1, ...span };
  }

  private argument(cst: CstNode, fallback: number): ast.Argument {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const nameToken = token(c, 'argumentName');
    const expression = node(c, 'expression');
    const valueStart = expression ? (nodeSpan(expression)?.start ?? span.start) : nameToken ? tokenEnd(nameToken) + 1 : span.start;
    const value = this.pipelineFrom(c, { start: valueStart, end: span.end });
    if (!nameToken) return value;
    const name: ast.NameNode = { kind: 'Name', name: nameToken.image, quoted: false, start: nameToken.startOffset, end: tokenEnd(nameToken) };
    return { kind: 'NamedArgument', name, value, ...span };
  }

  protected name(cst: CstNode | undefined, fallback: number): ast.NameNode {
    if (!cst) return { kind: 'Name', name: '', quoted: false, start: fallback, end: fallback };
    const c = cst.children as Children;
    const identifier = token(c, 'Identifier');
    if (identifier) return { kind: 'Name', name: identifier.image, quoted: false, start: identifier.startOffset, end: tokenEnd(identifier) };
    const string = token(c, 'StringLiteral');
    const span = this.span(cst, fallback);
    if (string) return { kind: 'Name', name: this.decodeString(string).value, quoted: true, ...span };
    return { kind: 'Name', name: '', quoted: true, ...span };
  }

  // ------------------------------------------------------------------------------------------

  private decodeString(string: IToken): { value: string; terminated: boolean } {
    const decoded = decodeString(string.image);
    if (!decoded.terminated) {
      this.errors.push({ start: string.startOffset, end: tokenEnd(string), message: 'This string has no closing quote.' });
    }
    return decoded;
  }

  protected span(cst: CstNode, fallback: number): ast.Span {
    return nodeSpan(cst) ?? { start: fallback, end: fallback };
  }
}

const comparisonPrecedence = 3;

const precedenceOf: Record<string, number> = {
  Or: 1,
  And: 2,
  Plus: 4,
  Minus: 4,
  Star: 5,
  Slash: 5,
  Percent: 5,
};

const binaryOperatorKeys = ['Or', 'And', 'ComparisonOperator', 'StringOperator', 'Colon', 'Plus', 'Minus', 'Star', 'Slash', 'Percent'];

type PendingOperator =
  | { kind: 'binary'; token: IToken; precedence: number; right: ast.Expression }
  | { kind: 'postfix'; precedence: number; build: (left: ast.Expression) => ast.Expression };

export function missing(at: number): ast.MissingNode {
  return { kind: 'Missing', start: at, end: at };
}

function binary(operator: IToken, left: ast.Expression, right: ast.Expression): ast.BinaryNode {
  return {
    kind: 'Binary',
    operator: operator.image.replace(/\s+/g, ' '),
    operatorSpan: { start: operator.startOffset, end: tokenEnd(operator) },
    left,
    right,
    ...cover(left, right),
  };
}

/** The smallest span holding both; recovered nodes may sit at fallback offsets. */
export function cover(first: ast.Span, second: ast.Span): ast.Span {
  return { start: Math.min(first.start, second.start), end: Math.max(first.end, second.end) };
}
