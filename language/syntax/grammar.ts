import * as t from './tokens.ts';
import { errorMessages } from './errorMessages.ts';
import { isIdentifierLike } from './expressionGrammar.ts';
import { OperatorGrammar } from './operatorGrammar.ts';

/**
 * APL's grammar as a chevrotain CST parser. It only recognises structure; `cstToAst.ts` turns
 * the concrete syntax tree into the AST. Error recovery is on: a mistake yields a partial tree
 * plus an error, and parsing resumes at the next `|`, `,`, `)` or statement.
 */
export class AplGrammar extends OperatorGrammar {
  /** `validate` checks the grammar for ambiguities and mistakes: slow, so only the tests do it. */
  constructor({ validate = false }: { validate?: boolean } = {}) {
    super(t.allTokens, {
      recoveryEnabled: true,
      nodeLocationTracking: 'onlyOffset',
      maxLookahead: 1,
      errorMessageProvider: errorMessages,
      skipValidations: !validate,
    });
    this.performSelfAnalysis();
  }

  // ------------------------------------------------------------------------------------------
  // Statements

  /** Statements; a missing `;` between two of them is reported when building the AST. */
  query = this.RULE('query', () => {
    this.MANY(() => this.OR([{ ALT: () => this.CONSUME(t.Semicolon) }, { ALT: () => this.SUBRULE(this.statement) }]));
  });

  statement = this.RULE('statement', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.SUBRULE(this.letStatement) },
        { ALT: () => this.SUBRULE(this.setStatement) },
        { ALT: () => this.SUBRULE(this.pipeline) },
        { ALT: () => this.SUBRULE(this.orphanStages) },
      ],
    });
  });

  /** `| where …` with no source before it: the stages still parse, and the AST builder reports the gap. */
  orphanStages = this.RULE('orphanStages', () => {
    this.AT_LEAST_ONE(() => {
      this.CONSUME(t.Pipe);
      this.SUBRULE(this.tabularOperator);
    });
  });

  letStatement = this.RULE('letStatement', () => {
    this.CONSUME(t.LetKeyword);
    this.SUBRULE(this.name);
    this.CONSUME(t.Equals);
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isFunctionAhead(), ALT: () => this.SUBRULE(this.functionDefinition) },
        { ALT: () => this.SUBRULE(this.pipeline) },
      ],
    });
  });

  /**
   * A function-like let's value (Kusto's user-defined functions): `(x: long, T: (*)) { body }`,
   * the body being statements like a query's, lets first and the result last.
   */
  functionDefinition = this.RULE('functionDefinition', () => {
    this.CONSUME(t.LParen);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.functionParameter) });
    this.CONSUME(t.RParen);
    this.CONSUME(t.LBrace);
    this.SUBRULE(this.query, { LABEL: 'body' });
    this.CONSUME(t.RBrace);
  });

  /** `x: long`, `x: string = "a"`, `T: (*)`, `T: (a: long, b: string)`. */
  functionParameter = this.RULE('functionParameter', () => {
    this.SUBRULE(this.name);
    this.CONSUME(t.Colon);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.LParen, { LABEL: 'tabular' });
          this.OR2([
            { ALT: () => this.CONSUME(t.Star) },
            { ALT: () => this.MANY_SEP2({ SEP: t.Comma, DEF: () => this.SUBRULE(this.columnDeclaration) }) },
          ]);
          this.CONSUME(t.RParen);
        },
      },
      { ALT: () => this.SUBRULE2(this.name, { LABEL: 'type' }) },
    ]);
    this.OPTION(() => {
      this.CONSUME(t.Equals);
      this.SUBRULE(this.expression, { LABEL: 'default' });
    });
  });

  setStatement = this.RULE('setStatement', () => {
    this.CONSUME(t.SetKeyword);
    this.SUBRULE(this.name);
    this.OPTION(() => {
      this.CONSUME(t.Equals);
      this.SUBRULE(this.expression);
    });
  });

  /** A tabular or scalar expression followed by `| operator` stages. */
  pipeline = this.RULE('pipeline', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: (this.alternatives.pipeline ??= [
        { ALT: () => this.SUBRULE(this.unionOperator) },
        { ALT: () => this.SUBRULE(this.searchOperator) },
        { ALT: () => this.SUBRULE(this.printOperator) },
        { ALT: () => this.SUBRULE(this.dataTableOperator) },
        { ALT: () => this.SUBRULE(this.externalDataOperator) },
        { ALT: () => this.SUBRULE(this.expression) },
      ]),
    });
    this.MANY(() => {
      this.CONSUME(t.Pipe);
      this.SUBRULE(this.tabularOperator);
    });
  });

  // ------------------------------------------------------------------------------------------

  /** `(x:` or `() {` after a let's `=`: a function's parameter list, which no parenthesised expression starts like. */
  private isFunctionAhead(): boolean {
    if (this.LA(1).tokenType !== t.LParen) return false;
    if (this.LA(2).tokenType === t.RParen) return this.LA(3).tokenType === t.LBrace;
    return isIdentifierLike(this.LA(2).tokenType) && this.LA(3).tokenType === t.Colon;
  }
}
