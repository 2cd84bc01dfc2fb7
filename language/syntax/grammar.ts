import { type IOrAlt, type IToken, type TokenType } from 'chevrotain';
import * as t from './tokens.ts';
import { errorMessages } from './errorMessages.ts';
import { tokenEnd } from './cst.ts';
import { hasLineBreak } from '../text/blankLines.ts';
import { RecoveringParser } from './recoveringParser.ts';

/**
 * APL's grammar as a chevrotain CST parser. It only recognises structure; `cstToAst.ts` turns
 * the concrete syntax tree into the AST. Error recovery is on: a mistake yields a partial tree
 * plus an error, and parsing resumes at the next `|`, `,`, `)` or statement.
 */
export class AplGrammar extends RecoveringParser {
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
  // Tabular operators. Each is labelled `operator` in its parent and its leading keyword `keyword`,
  // so the AST builder reads them by one key (chevrotain keys children by token or rule name).

  tabularOperator = this.RULE('tabularOperator', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: (this.alternatives.tabularOperator ??= [
        { ALT: () => this.SUBRULE(this.whereOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.extendOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.projectOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.projectColumnsOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.projectRenameOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.projectReorderOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.summarizeOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.countOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.distinctOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.limitOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.topOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.sortOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.joinOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.unionOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.searchOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.parseOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.parseKvOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.mvExpandOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.makeSeriesOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.sampleOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.getSchemaOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.redactOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.printOperator, { LABEL: 'operator' }) },
        { ALT: () => this.SUBRULE(this.unknownOperator, { LABEL: 'operator' }) },
      ]),
    });
  });

  whereOperator = this.RULE('whereOperator', () => {
    this.CONSUME(t.Where, { LABEL: 'keyword' });
    this.SUBRULE(this.expression);
  });

  extendOperator = this.RULE('extendOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Extend, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.ExtendValid, { LABEL: 'keyword' }) }]);
    this.SUBRULE(this.columnDefinitionList);
  });

  projectOperator = this.RULE('projectOperator', () => {
    this.CONSUME(t.Project, { LABEL: 'keyword' });
    this.SUBRULE(this.columnDefinitionList);
  });

  projectColumnsOperator = this.RULE('projectColumnsOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.ProjectAway, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.ProjectKeep, { LABEL: 'keyword' }) }]);
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.columnPattern) });
  });

  projectRenameOperator = this.RULE('projectRenameOperator', () => {
    this.CONSUME(t.ProjectRename, { LABEL: 'keyword' });
    this.SUBRULE(this.columnDefinitionList);
  });

  projectReorderOperator = this.RULE('projectReorderOperator', () => {
    this.CONSUME(t.ProjectReorder, { LABEL: 'keyword' });
    this.AT_LEAST_ONE_SEP({
      SEP: t.Comma,
      DEF: () => this.SUBRULE(this.projectReorderColumn),
    });
  });

  projectReorderColumn = this.RULE('projectReorderColumn', () => {
    this.SUBRULE(this.columnPattern);
    this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(t.Asc) },
        { ALT: () => this.CONSUME(t.Desc) },
        { ALT: () => this.CONSUME(t.GrannyAsc) },
        { ALT: () => this.CONSUME(t.GrannyDesc) },
      ]),
    );
  });

  summarizeOperator = this.RULE('summarizeOperator', () => {
    this.CONSUME(t.Summarize, { LABEL: 'keyword' });
    this.OPTION({
      GATE: () => this.LA(1).tokenType !== t.By,
      DEF: () => this.SUBRULE(this.columnDefinitionList),
    });
    this.OPTION2(() => {
      this.CONSUME(t.By);
      this.SUBRULE2(this.columnDefinitionList);
    });
  });

  countOperator = this.RULE('countOperator', () => {
    this.CONSUME(t.Count, { LABEL: 'keyword' });
  });

  distinctOperator = this.RULE('distinctOperator', () => {
    this.CONSUME(t.Distinct, { LABEL: 'keyword' });
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.expression) });
  });

  limitOperator = this.RULE('limitOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Take, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.Limit, { LABEL: 'keyword' }) }]);
    this.SUBRULE(this.expression);
  });

  topOperator = this.RULE('topOperator', () => {
    this.CONSUME(t.Top, { LABEL: 'keyword' });
    this.SUBRULE(this.expression);
    this.CONSUME(t.By);
    this.SUBRULE(this.sortKey);
  });

  sortOperator = this.RULE('sortOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Sort, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.Order, { LABEL: 'keyword' }) }]);
    this.CONSUME(t.By);
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.sortKey) });
  });

  sortKey = this.RULE('sortKey', () => {
    this.SUBRULE(this.expression);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(t.Asc) }, { ALT: () => this.CONSUME(t.Desc) }]));
    this.OPTION2(() => {
      this.CONSUME(t.Nulls);
      this.OR2([{ ALT: () => this.CONSUME(t.First) }, { ALT: () => this.CONSUME(t.Last) }]);
    });
  });

  joinOperator = this.RULE('joinOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Join, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.Lookup, { LABEL: 'keyword' }) }]);
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.SUBRULE(this.tableReference);
    this.OPTION(() => {
      this.CONSUME(t.On);
      this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.expression) });
    });
  });

  unionOperator = this.RULE('unionOperator', () => {
    this.CONSUME(t.Union, { LABEL: 'keyword' });
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.tableReference) });
  });

  searchOperator = this.RULE('searchOperator', () => {
    this.CONSUME(t.Search, { LABEL: 'keyword' });
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.OPTION({
      GATE: () => this.LA(1).tokenType === t.InOperator && this.LA(1).image === 'in',
      DEF: () => {
        this.CONSUME(t.InOperator);
        this.CONSUME(t.LParen);
        this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.tableReference) });
        this.CONSUME(t.RParen);
      },
    });
    this.allowFieldTerms = true;
    try {
      this.SUBRULE(this.expression);
    } finally {
      this.allowFieldTerms = false;
    }
  });

  parseOperator = this.RULE('parseOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Parse, { LABEL: 'keyword' }) }, { ALT: () => this.CONSUME(t.ParseWhere, { LABEL: 'keyword' }) }]);
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.SUBRULE(this.expression);
    this.CONSUME(t.With);
    this.AT_LEAST_ONE(() => this.SUBRULE(this.parsePatternPart));
  });

  /** A pattern piece; some documented examples separate the pieces with commas. */
  parsePatternPart = this.RULE('parsePatternPart', () => {
    this.OPTION(() => this.CONSUME(t.Comma));
    this.OR([
      { ALT: () => this.CONSUME(t.StringLiteral) },
      { ALT: () => this.CONSUME(t.Star) },
      { ALT: () => this.SUBRULE(this.columnDeclaration) },
    ]);
  });

  parseKvOperator = this.RULE('parseKvOperator', () => {
    this.CONSUME(t.ParseKv, { LABEL: 'keyword' });
    this.SUBRULE(this.expression);
    this.CONSUME(t.As);
    this.CONSUME(t.LParen);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.columnDeclaration) });
    this.CONSUME(t.RParen);
    this.OPTION(() => {
      this.CONSUME(t.With);
      this.SUBRULE(this.optionList);
    });
  });

  mvExpandOperator = this.RULE('mvExpandOperator', () => {
    this.CONSUME(t.MvExpand, { LABEL: 'keyword' });
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.mvExpandColumn) });
    this.OPTION(() => {
      this.CONSUME(t.Limit);
      this.SUBRULE(this.expression);
    });
  });

  mvExpandColumn = this.RULE('mvExpandColumn', () => {
    this.SUBRULE(this.columnDefinition);
    this.OPTION(() => {
      this.CONSUME(t.To);
      this.CONSUME(t.TypeOf);
      this.CONSUME(t.LParen);
      this.SUBRULE(this.name);
      this.CONSUME(t.RParen);
    });
  });

  makeSeriesOperator = this.RULE('makeSeriesOperator', () => {
    this.CONSUME(t.MakeSeries, { LABEL: 'keyword' });
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.makeSeriesAggregate) });
    this.CONSUME(t.On);
    this.SUBRULE(this.expression);
    this.OPTION2(() => {
      this.CONSUME(t.From);
      this.SUBRULE2(this.expression, { LABEL: 'from' });
    });
    this.OPTION3(() => {
      this.CONSUME(t.To);
      this.SUBRULE3(this.expression, { LABEL: 'to' });
    });
    this.OPTION4(() => {
      this.CONSUME(t.InOperator);
      this.SUBRULE4(this.expression, { LABEL: 'range' });
    });
    this.CONSUME(t.Step);
    this.SUBRULE5(this.expression, { LABEL: 'step' });
    this.OPTION(() => {
      this.CONSUME(t.By);
      this.SUBRULE(this.columnDefinitionList);
    });
  });

  makeSeriesAggregate = this.RULE('makeSeriesAggregate', () => {
    this.SUBRULE(this.columnDefinition);
    this.OPTION(() => {
      this.CONSUME(t.Default);
      this.CONSUME(t.Equals);
      this.SUBRULE(this.expression);
    });
  });

  sampleOperator = this.RULE('sampleOperator', () => {
    this.CONSUME(t.Sample, { LABEL: 'keyword' });
    this.SUBRULE(this.expression);
  });

  getSchemaOperator = this.RULE('getSchemaOperator', () => {
    this.CONSUME(t.GetSchema, { LABEL: 'keyword' });
  });

  redactOperator = this.RULE('redactOperator', () => {
    this.CONSUME(t.Redact, { LABEL: 'keyword' });
    this.MANY({ GATE: () => this.isOptionAhead(), DEF: () => this.SUBRULE(this.operatorOption) });
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.OPTION(() => {
      this.CONSUME(t.On);
      this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE2(this.expression, { LABEL: 'on' }) });
    });
  });

  printOperator = this.RULE('printOperator', () => {
    this.CONSUME(t.Print, { LABEL: 'keyword' });
    this.SUBRULE(this.columnDefinitionList);
  });

  dataTableOperator = this.RULE('dataTableOperator', () => {
    this.CONSUME(t.DataTable, { LABEL: 'keyword' });
    this.SUBRULE(this.columnDeclarationList);
    this.CONSUME(t.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.expression);
      this.MANY({
        GATE: () => this.LA(2).tokenType !== t.RBracket,
        DEF: () => {
          this.CONSUME(t.Comma);
          this.SUBRULE2(this.expression);
        },
      });
      this.OPTION2(() => this.CONSUME2(t.Comma));
    });
    this.CONSUME(t.RBracket);
  });

  externalDataOperator = this.RULE('externalDataOperator', () => {
    this.CONSUME(t.ExternalData, { LABEL: 'keyword' });
    this.SUBRULE(this.columnDeclarationList);
    this.CONSUME(t.LBracket);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(t.RBracket);
    this.OPTION(() => {
      this.CONSUME(t.With);
      this.SUBRULE(this.optionList);
    });
  });

  /** An operator we do not know: its name, then everything up to the next `|`. */
  unknownOperator = this.RULE('unknownOperator', () => {
    this.CONSUME(t.Identifier, { LABEL: 'keyword' });
    this.MANY(() => this.SUBRULE(this.anyToken));
  });

  anyToken = this.RULE('anyToken', () => {
    this.OR((this.alternatives.anyToken ??= [
      {
        ALT: () => {
          this.CONSUME(t.LParen);
          this.MANY(() => this.OR2([{ ALT: () => this.SUBRULE(this.anyToken) }, { ALT: () => this.CONSUME(t.Pipe) }]));
          this.CONSUME(t.RParen);
        },
      },
      ...anyTokenTypes.map((tokenType) => ({ ALT: () => this.CONSUME(tokenType) })),
    ]));
  });

  // ------------------------------------------------------------------------------------------
  // Pieces shared by operators

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

  private allowFieldTerms = false;
  /** The text the tokens were read from (the lexer tracks offsets only, not lines). */
  text = '';

  /**
   * The alternatives of the busiest decisions, built once: chevrotain would otherwise allocate
   * every alternative's closure on each visit.
   */
  private readonly alternatives: Record<string, IOrAlt<unknown>[]> = {};

  /** Operator options come before the operator's arguments: `kind=inner`, `with_itemindex=i`, ... */
  private isOptionAhead(): boolean {
    return this.LA(2).tokenType === t.Equals && operatorOptionNames.has(this.LA(1).image);
  }

  private isBinaryTailAhead(): boolean {
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
  private isPostfixAhead(): boolean {
    const next = this.LA(1);
    if (next.tokenType !== t.LBracket) return true;
    const end = tokenEnd(this.LA(0));
    return Number.isFinite(end) && !hasLineBreak(this.text, end, next.startOffset);
  }

  /** A sign, or `not` used as a prefix (search predicates); `not(x)` is an ordinary call. */
  private isPrefixAhead(): boolean {
    const next = this.LA(1);
    if (next.tokenType === t.Minus || next.tokenType === t.Plus) return true;
    return next.image === 'not' && next.tokenType === t.Identifier && this.LA(2).tokenType !== t.LParen && startsOperand(this.LA(2).tokenType);
  }

  /** `(x:` or `() {` after a let's `=`: a function's parameter list, which no parenthesised expression starts like. */
  private isFunctionAhead(): boolean {
    if (this.LA(1).tokenType !== t.LParen) return false;
    if (this.LA(2).tokenType === t.RParen) return this.LA(3).tokenType === t.LBrace;
    return isIdentifierLike(this.LA(2).tokenType) && this.LA(3).tokenType === t.Colon;
  }

  /** True before `name =` (but not `name ==`), for `extend x = …`, `['a b'] = …`. */
  private isAssignmentAhead(): boolean {
    const first = this.LA(1).tokenType;
    if (first === t.LBracket) {
      return this.LA(4).tokenType === t.Equals && this.LA(3).tokenType === t.RBracket;
    }
    return this.LA(2).tokenType === t.Equals && isIdentifierLike(first);
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

const operandStarts = new Set<TokenType>([
  t.Identifier, t.LBracket, t.LParen, t.StringLiteral, t.QuotedString, t.VerbatimString, t.UnterminatedString,
  t.LongLiteral, t.RealLiteral, t.TimespanLiteral, t.TypedLiteral, t.True, t.False, t.Null, t.Minus, t.Plus,
  t.NestedTooDeeply, ...t.softKeywords,
]);

function startsOperand(tokenType: TokenType): boolean {
  return operandStarts.has(tokenType);
}

function isIdentifierLike(tokenType: TokenType): boolean {
  return tokenType === t.Identifier || t.softKeywords.includes(tokenType);
}

/**
 * Every token an unknown operator may swallow: anything but `|`, `;` and parentheses (which it
 * balances). A token that belongs to a category (soft keywords are identifiers) is matched
 * through its category.
 */
const anyTokenTypes = t.allTokens.filter(
  (tokenType) =>
    ![t.Pipe, t.Semicolon, t.LParen, t.RParen, t.WhiteSpace, t.Comment].includes(tokenType) &&
    (tokenType.CATEGORIES ?? []).length === 0,
);

export type { IToken };
