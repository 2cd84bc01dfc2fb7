import * as t from './tokens.ts';
import { OperatorPartsGrammar } from './operatorPartsGrammar.ts';

/** The tabular operators of APL's grammar, over their shared parts; the statements build on it (grammar.ts). */
export abstract class OperatorGrammar extends OperatorPartsGrammar {
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
