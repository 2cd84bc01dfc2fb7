import * as t from './tokens.ts';
import { ExpressionGrammar } from './expressionGrammar.ts';

/**
 * The pieces the tabular operators share (operatorGrammar.ts): column definitions and declarations,
 * column patterns, table references and operator options.
 */
export abstract class OperatorPartsGrammar extends ExpressionGrammar {
  columnDefinitionList = this.RULE('columnDefinitionList', () => {
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.columnDefinition) });
  });

  /** `[name =] expression`; also `(a, b) = expression` is not APL and is not accepted. */
  columnDefinition = this.RULE('columnDefinition', () => {
    this.OPTION({
      GATE: () => this.isAssignmentAhead(),
      DEF: () => {
        this.SUBRULE(this.name);
        this.CONSUME(t.Equals);
      },
    });
    this.SUBRULE(this.expression);
  });

  columnDeclarationList = this.RULE('columnDeclarationList', () => {
    this.CONSUME(t.LParen);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.columnDeclaration) });
    this.CONSUME(t.RParen);
  });

  columnDeclaration = this.RULE('columnDeclaration', () => {
    this.SUBRULE(this.name);
    this.OPTION(() => {
      this.CONSUME(t.Colon);
      this.SUBRULE2(this.name, { LABEL: 'type' });
    });
  });

  /** A column name or wildcard pattern: `status`, `geo.city`, `['geo.city']`, `status*`, `*`. */
  columnPattern = this.RULE('columnPattern', () => {
    this.OR([
      {
        ALT: () => {
          const star = this.CONSUME(t.Star);
          // `*suffix` only when written together: in `* asc` the word is project-reorder's order.
          this.OPTION({ GATE: () => this.LA(1).startOffset === star.endOffset! + 1, DEF: () => this.CONSUME(t.Identifier) });
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.name);
          this.MANY(() => {
            this.CONSUME(t.Dot);
            this.SUBRULE2(this.name);
          });
          this.OPTION2(() => this.CONSUME2(t.Star));
        },
      },
    ]);
  });

  /** A table in join, lookup, union and search: a name, a pattern, or a parenthesised query. */
  tableReference = this.RULE('tableReference', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.LParen);
          this.SUBRULE(this.pipeline);
          this.CONSUME(t.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.columnPattern) },
    ]);
  });

  /** `name = value` where the value is a single name or literal (`kind=inner`, `flags=i`, `format='csv'`). */
  operatorOption = this.RULE('operatorOption', () => {
    this.SUBRULE(this.name);
    this.CONSUME(t.Equals);
    this.OR([
      { ALT: () => this.CONSUME(t.Identifier) },
      { ALT: () => this.CONSUME(t.StringLiteral) },
      { ALT: () => this.CONSUME(t.LongLiteral) },
      { ALT: () => this.CONSUME(t.RealLiteral) },
      { ALT: () => this.CONSUME(t.True) },
      { ALT: () => this.CONSUME(t.False) },
    ]);
  });

  /** `(name = value, ...)` or `name = value, ...` after `with`. */
  optionList = this.RULE('optionList', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.LParen);
          this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.operatorOption) });
          this.CONSUME(t.RParen);
        },
      },
      { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE2(this.operatorOption) }) },
    ]);
  });

  /** Operator options come before the operator's arguments: `kind=inner`, `with_itemindex=i`, ... */
  protected isOptionAhead(): boolean {
    return this.LA(2).tokenType === t.Equals && operatorOptionNames.has(this.LA(1).image);
  }
}

const operatorOptionNames = new Set([
  'kind',
  'flags',
  'withsource',
  'isfuzzy',
  'with_itemindex',
  'bagexpansion',
  'replaceToken',
  'replaceHash',
  'redactGroups',
]);
