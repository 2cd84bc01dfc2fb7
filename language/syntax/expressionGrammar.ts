import { type CstNode, type IOrAlt, type ParserMethod, type TokenType } from 'chevrotain';
import * as t from './tokens.ts';
import { tokenEnd } from './cst.ts';
import { hasLineBreak } from '../text/blankLines.ts';
import { RecoveringParser } from './recoveringParser.ts';

/**
 * The expression rules of APL's grammar (names, operands, operators, literals, calls) and the
 * lookahead the whole grammar shares. The operator rules build on it (operatorGrammar.ts), the
 * statements on those (grammar.ts). Chevrotain records the rules of all three once the last
 * constructor has run, so a rule here may use one a subclass declares (`pipeline`).
 */
export abstract class ExpressionGrammar extends RecoveringParser {
  /** A source and its `| operator` stages (grammar.ts): a parenthesis or an argument may hold one. */
  abstract pipeline: ParserMethod<[], CstNode>;
  /** One stage after a `|` (operatorGrammar.ts). */
  abstract tabularOperator: ParserMethod<[], CstNode>;

  /** A bare or bracket-quoted name. */
  name = this.RULE('name', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.Identifier) },
      {
        ALT: () => {
          this.CONSUME(t.LBracket);
          this.CONSUME(t.StringLiteral);
          this.CONSUME(t.RBracket);
        },
      },
    ]);
  });

  // ------------------------------------------------------------------------------------------
  // Expressions. Binary operators are parsed as a flat sequence (`operand (operator operand)*`)
  // and `cstToAst.ts` applies precedence: a deep rule per precedence level would cost a CST node
  // per level for every leaf.

  expression = this.RULE('expression', () => {
    this.SUBRULE(this.operand);
    this.MANY({ GATE: () => this.isBinaryTailAhead(), DEF: () => this.SUBRULE(this.binaryTail) });
  });

  binaryTail = this.RULE('binaryTail', () => {
    this.OR((this.alternatives.binaryTail ??= [
      {
        ALT: () => {
          this.OR2((this.alternatives.binaryTail1 ??= [
            { ALT: () => this.CONSUME(t.Or) },
            { ALT: () => this.CONSUME(t.And) },
            { ALT: () => this.CONSUME(t.ComparisonOperator) },
            { ALT: () => this.CONSUME(t.StringOperator) },
            { ALT: () => this.CONSUME(t.Colon) },
            { ALT: () => this.CONSUME(t.Plus) },
            { ALT: () => this.CONSUME(t.Minus) },
            { ALT: () => this.CONSUME(t.Star) },
            { ALT: () => this.CONSUME(t.Slash) },
            { ALT: () => this.CONSUME(t.Percent) },
          ]));
          this.SUBRULE(this.operand);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.ListOperator);
          this.SUBRULE(this.expressionList);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.Between);
          this.CONSUME(t.LParen);
          this.SUBRULE(this.expression, { LABEL: 'low' });
          this.CONSUME(t.DotDot);
          this.SUBRULE2(this.expression, { LABEL: 'high' });
          this.CONSUME(t.RParen);
        },
      },
    ]));
  });

  /** `( item, ... )` where an item may be a subquery; also a single dynamic array. */
  expressionList = this.RULE('expressionList', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(t.LParen);
            this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.pipeline) });
            this.CONSUME(t.RParen);
          },
        },
        { ALT: () => this.SUBRULE(this.operand) },
      ],
    });
  });

  /** Prefix signs, a primary expression, then member access, indexing and slicing. */
  operand = this.RULE('operand', () => {
    this.MANY({
      GATE: () => this.isPrefixAhead(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: (this.alternatives.operand ??= [
            { ALT: () => this.CONSUME(t.Minus, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.Plus, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.Identifier, { LABEL: 'prefix' }) },
          ]),
        }),
    });
    this.SUBRULE(this.primaryExpression);
    this.MANY2({ GATE: () => this.isPostfixAhead(), DEF: () => this.SUBRULE(this.postfix) });
  });

  postfix = this.RULE('postfix', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.Dot);
          this.SUBRULE(this.name);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.LBracket);
          this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'index' }));
          this.OPTION2(() => {
            this.CONSUME(t.Colon);
            this.OPTION3(() => this.SUBRULE2(this.expression, { LABEL: 'sliceEnd' }));
          });
          this.CONSUME(t.RBracket);
        },
      },
    ]);
  });

  primaryExpression = this.RULE('primaryExpression', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      // Every literal token is labelled `literal`, for the same reason.
      DEF: (this.alternatives.primaryExpression ??= [
        { ALT: () => this.CONSUME(t.StringLiteral, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.LongLiteral, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.RealLiteral, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.TimespanLiteral, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.TypedLiteral, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.True, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.False, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(t.Null, { LABEL: 'literal' }) },
        { GATE: () => this.LA(2).tokenType === t.LParen, ALT: () => this.SUBRULE(this.dynamicLiteral) },
        { GATE: () => this.LA(2).tokenType === t.LParen, ALT: () => this.SUBRULE(this.typeOfExpression) },
        { GATE: () => this.LA(2).tokenType === t.LParen, ALT: () => this.SUBRULE(this.call) },
        // A name, inlined rather than through the `name` rule: names are the commonest leaf.
        { ALT: () => this.CONSUME(t.Identifier) },
        {
          ALT: () => {
            this.CONSUME(t.LBracket);
            this.CONSUME2(t.StringLiteral, { LABEL: 'quotedName' });
            this.CONSUME(t.RBracket);
          },
        },
        { ALT: () => this.SUBRULE(this.parenthesized) },
        { ALT: () => this.CONSUME(t.Star) },
        { ALT: () => this.CONSUME(t.NestedTooDeeply) },
      ]),
    });
  });

  dynamicLiteral = this.RULE('dynamicLiteral', () => {
    this.CONSUME(t.Dynamic);
    this.CONSUME(t.LParen);
    this.SUBRULE(this.dynamicValue);
    this.CONSUME(t.RParen);
  });

  dynamicValue = this.RULE('dynamicValue', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
      {
        ALT: () => {
          this.CONSUME(t.LBrace);
          this.MANY_SEP({
            SEP: t.Comma,
            DEF: () => {
              this.OR2([{ ALT: () => this.CONSUME(t.StringLiteral) }, { ALT: () => this.CONSUME(t.Identifier) }]);
              this.CONSUME(t.Colon);
              this.SUBRULE(this.dynamicValue);
            },
          });
          this.CONSUME(t.RBrace);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.LBracket);
          this.MANY_SEP2({ SEP: t.Comma, DEF: () => this.SUBRULE2(this.dynamicValue) });
          this.CONSUME(t.RBracket);
        },
      },
        { ALT: () => this.SUBRULE(this.expression) },
      ],
    });
  });

  typeOfExpression = this.RULE('typeOfExpression', () => {
    this.CONSUME(t.TypeOf);
    this.CONSUME(t.LParen);
    this.SUBRULE(this.name);
    this.CONSUME(t.RParen);
  });

  call = this.RULE('call', () => {
    this.CONSUME(t.Identifier);
    this.CONSUME(t.LParen);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.argument) });
    this.CONSUME(t.RParen);
  });

  argument = this.RULE('argument', () => {
    this.OPTION({
      GATE: () => this.LA(2).tokenType === t.Equals,
      DEF: () => {
        this.CONSUME(t.Identifier, { LABEL: 'argumentName' });
        this.CONSUME(t.Equals);
      },
    });
    // The pipeline's own loop, inlined: most arguments are plain expressions.
    this.SUBRULE(this.expression);
    this.MANY(() => {
      this.CONSUME(t.Pipe);
      this.SUBRULE(this.tabularOperator);
    });
  });

  parenthesized = this.RULE('parenthesized', () => {
    this.CONSUME(t.LParen);
    this.SUBRULE(this.pipeline);
    this.CONSUME(t.RParen);
  });

  // ------------------------------------------------------------------------------------------
  // Lookahead

  protected allowFieldTerms = false;
  /** The text the tokens were read from (the lexer tracks offsets only, not lines). */
  text = '';

  /**
   * The alternatives of the busiest decisions, built once: chevrotain would otherwise allocate
   * every alternative's closure on each visit.
   */
  protected readonly alternatives: Record<string, IOrAlt<unknown>[]> = {};

  protected isBinaryTailAhead(): boolean {
    const next = this.LA(1).tokenType;
    // `a * ` followed by nothing that starts an operand is a trailing wildcard, not a product.
    if (next === t.Star) return startsOperand(this.LA(2).tokenType);
    // Inside a search predicate, `field:"term"` is a comparison; elsewhere `:` belongs to slices.
    if (next === t.Colon) return this.allowFieldTerms;
    return true;
  }

  /**
   * `x.y` and `x[...]`, but a `[` that starts a new line begins a statement (`['logs']`) after a
   * `let` whose `;` is missing, not an index.
   */
  protected isPostfixAhead(): boolean {
    const next = this.LA(1);
    if (next.tokenType !== t.LBracket) return true;
    const end = tokenEnd(this.LA(0));
    return Number.isFinite(end) && !hasLineBreak(this.text, end, next.startOffset);
  }

  /** A sign, or `not` used as a prefix (search predicates); `not(x)` is an ordinary call. */
  protected isPrefixAhead(): boolean {
    const next = this.LA(1);
    if (next.tokenType === t.Minus || next.tokenType === t.Plus) return true;
    return next.image === 'not' && next.tokenType === t.Identifier && this.LA(2).tokenType !== t.LParen && startsOperand(this.LA(2).tokenType);
  }

  /** True before `name =` (but not `name ==`), for `extend x = …`, `['a b'] = …`. */
  protected isAssignmentAhead(): boolean {
    const first = this.LA(1).tokenType;
    if (first === t.LBracket) {
      return this.LA(4).tokenType === t.Equals && this.LA(3).tokenType === t.RBracket;
    }
    return this.LA(2).tokenType === t.Equals && isIdentifierLike(first);
  }
}

const operandStarts = new Set<TokenType>([
  t.Identifier, t.LBracket, t.LParen, t.StringLiteral, t.QuotedString, t.VerbatimString, t.UnterminatedString,
  t.LongLiteral, t.RealLiteral, t.TimespanLiteral, t.TypedLiteral, t.True, t.False, t.Null, t.Minus, t.Plus,
  t.NestedTooDeeply, ...t.softKeywords,
]);

function startsOperand(tokenType: TokenType): boolean {
  return operandStarts.has(tokenType);
}

export function isIdentifierLike(tokenType: TokenType): boolean {
  return tokenType === t.Identifier || t.softKeywords.includes(tokenType);
}
