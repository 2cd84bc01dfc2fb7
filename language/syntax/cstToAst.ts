import type { CstNode } from 'chevrotain';
import type * as ast from './ast.ts';
import { buildFunction, type FunctionParts } from './cstToAstFunctions.ts';
import { cover, ExpressionBuilder, missing } from './cstToAstExpressions.ts';
import { missingSemicolons } from './missingSemicolons.ts';
import { ExtendValid, Limit, Lookup, Order, ParseWhere, ProjectKeep } from './tokens.ts';
import { type Children, firstToken, node, nodes, nodeSpan, token, tokenEnd, tokens } from './cst.ts';

/**
 * Turns the grammar's concrete syntax tree into the AST. Recovery can leave any part of the CST
 * missing; every builder therefore takes a fallback offset and yields `Missing` nodes instead of
 * failing.
 */
export class AstBuilder extends ExpressionBuilder {
  private readonly functionParts: FunctionParts = {
    name: (cst, fallback) => this.name(cst, fallback),
    expression: (cst, fallback) => this.expression(cst, fallback),
    columnDeclaration: (cst, fallback) => this.columnDeclaration(cst, fallback),
    statements: (cst, start, end) => this.query(cst, start, end).statements,
  };

  query(cst: CstNode, start: number, end: number): ast.QueryNode {
    const children = cst.children as Children;
    const statements = nodes(children, 'statement').map((statement) => this.statement(statement));
    for (const error of missingSemicolons(statements, tokens(children, 'Semicolon'))) this.errors.push(error);
    return { kind: 'Query', statements, start, end };
  }

  private statement(cst: CstNode): ast.Statement {
    const children = cst.children as Children;
    const span = this.span(cst, 0);
    const letStatement = node(children, 'letStatement');
    if (letStatement) {
      const c = letStatement.children as Children;
      const nameNode = this.name(node(c, 'name'), span.start);
      const definition = node(c, 'functionDefinition');
      return {
        kind: 'LetStatement',
        name: nameNode,
        value: definition ? buildFunction(definition, nameNode.end, this.functionParts) : this.pipelineOrMissing(node(c, 'pipeline'), nameNode.end),
        ...span,
      };
    }
    const setStatement = node(children, 'setStatement');
    if (setStatement) {
      const c = setStatement.children as Children;
      const nameNode = this.name(node(c, 'name'), span.start);
      const value = node(c, 'expression');
      return { kind: 'SetStatement', name: nameNode, value: value && this.expression(value, nameNode.end), ...span };
    }
    const orphanStages = node(children, 'orphanStages');
    const expression = orphanStages
      ? this.pipelineFrom(orphanStages.children as Children, span)
      : this.pipelineOrMissing(node(children, 'pipeline'), span.start);
    return { kind: 'ExpressionStatement', expression, ...span };
  }

  // ------------------------------------------------------------------------------------------
  // Pipelines and operators

  protected override pipelineFrom(children: Children, span: ast.Span): ast.Expression {
    const sourceOperator =
      node(children, 'unionOperator') ??
      node(children, 'searchOperator') ??
      node(children, 'printOperator') ??
      node(children, 'dataTableOperator') ??
      node(children, 'externalDataOperator');
    const pipes = tokens(children, 'Pipe');
    const operators = nodes(children, 'tabularOperator').map((operator, index) =>
      this.tabularOperator(operator, pipes[index] ? tokenEnd(pipes[index]) : span.end),
    );
    // A stage whose operator is missing entirely (`T |`) still gets a placeholder.
    for (let i = operators.length; i < pipes.length; i++) {
      const at = tokenEnd(pipes[i]);
      operators.push({ kind: 'unknown', name: '', nameSpan: { start: at, end: at }, start: at, end: at });
    }
    if (sourceOperator) {
      const source = this.operator(sourceOperator, span.start) as ast.SourceOperator;
      return { kind: 'Pipeline', source, operators, ...span };
    }
    const expression = node(children, 'expression');
    if (!expression && pipes.length > 0) {
      this.errors.push({ start: pipes[0].startOffset, end: tokenEnd(pipes[0]), message: "Expected a dataset or a query before '|'." });
    }
    const source = this.expressionOrMissing(expression, span.start);
    if (operators.length === 0) return source;
    return { kind: 'Pipeline', source, operators, ...span };
  }

  private tabularOperator(cst: CstNode, fallback: number): ast.TabularOperator {
    const operator = node(cst.children as Children, 'operator');
    if (!operator) return { kind: 'unknown', name: '', nameSpan: { start: fallback, end: fallback }, start: fallback, end: fallback };
    return this.operator(operator, fallback);
  }

  private operator(cst: CstNode, fallback: number): ast.TabularOperator {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const keyword = token(c, 'keyword');
    const nameSpan = keyword ? { start: keyword.startOffset, end: tokenEnd(keyword) } : { start: span.start, end: span.start };
    const base = { nameSpan, ...span };
    const after = nameSpan.end;
    switch (cst.name) {
      case 'whereOperator':
        return { kind: 'where', predicate: this.expressionOrMissing(node(c, 'expression'), after), ...base };
      case 'extendOperator':
        return {
          kind: keyword?.tokenType === ExtendValid ? 'extend-valid' : 'extend',
          columns: this.columnDefinitions(node(c, 'columnDefinitionList'), after),
          ...base,
        };
      case 'projectOperator':
        return { kind: 'project', columns: this.columnDefinitions(node(c, 'columnDefinitionList'), after), ...base };
      case 'projectColumnsOperator':
        return {
          kind: keyword?.tokenType === ProjectKeep ? 'project-keep' : 'project-away',
          columns: nodes(c, 'columnPattern').map((pattern) => this.columnPattern(pattern, after)),
          ...base,
        };
      case 'projectRenameOperator':
        return { kind: 'project-rename', columns: this.columnDefinitions(node(c, 'columnDefinitionList'), after), ...base };
      case 'projectReorderOperator':
        return {
          kind: 'project-reorder',
          columns: nodes(c, 'projectReorderColumn').map((column) => this.projectReorderColumn(column, after)),
          ...base,
        };
      case 'summarizeOperator': {
        const lists = nodes(c, 'columnDefinitionList');
        const by = token(c, 'By');
        const aggregates = lists.find((list) => !by || (nodeSpan(list)?.start ?? 0) < by.startOffset);
        const byList = by ? lists.find((list) => (nodeSpan(list)?.start ?? -1) > by.startOffset) : undefined;
        return {
          kind: 'summarize',
          aggregates: aggregates ? this.columnDefinitions(aggregates, after) : [],
          by: byList ? this.columnDefinitions(byList, tokenEnd(by!)) : [],
          byKeyword: by ? by.startOffset : -1,
          ...base,
        };
      }
      case 'countOperator':
        return { kind: 'count', ...base };
      case 'distinctOperator':
        return { kind: 'distinct', columns: this.expressions(c, 'expression', after), ...base };
      case 'limitOperator':
        return {
          kind: keyword?.tokenType === Limit ? 'limit' : 'take',
          count: this.expressionOrMissing(node(c, 'expression'), after),
          ...base,
        };
      case 'topOperator': {
        const count = this.expressionOrMissing(node(c, 'expression'), after);
        const by = token(c, 'By');
        return { kind: 'top', count, by: this.sortKey(node(c, 'sortKey'), by ? tokenEnd(by) : count.end), ...base };
      }
      case 'sortOperator':
        return {
          kind: keyword?.tokenType === Order ? 'order' : 'sort',
          keys: nodes(c, 'sortKey').map((key) => this.sortKey(key, after)),
          ...base,
        };
      case 'joinOperator': {
        const options = this.options(c, after);
        const right = this.tableReferenceOrMissing(node(c, 'tableReference'), options.at(-1)?.end ?? after);
        return {
          kind: keyword?.tokenType === Lookup ? 'lookup' : 'join',
          options,
          right,
          on: this.expressions(c, 'expression', right.end),
          ...base,
        };
      }
      case 'unionOperator': {
        const options = this.options(c, after);
        return {
          kind: 'union',
          options,
          tables: nodes(c, 'tableReference').map((table) => this.tableReference(table, after)),
          ...base,
        };
      }
      case 'searchOperator': {
        const options = this.options(c, after);
        return {
          kind: 'search',
          options,
          datasets: nodes(c, 'tableReference').map((table) => this.tableReference(table, after)),
          predicate: this.expressionOrMissing(node(c, 'expression'), span.end),
          ...base,
        };
      }
      case 'parseOperator': {
        const options = this.options(c, after);
        const source = this.expressionOrMissing(node(c, 'expression'), options.at(-1)?.end ?? after);
        return {
          kind: keyword?.tokenType === ParseWhere ? 'parse-where' : 'parse',
          options,
          source,
          pattern: nodes(c, 'parsePatternPart').map((part) => this.parsePatternPart(part, source.end)),
          ...base,
        };
      }
      case 'parseKvOperator': {
        const source = this.expressionOrMissing(node(c, 'expression'), after);
        const optionList = node(c, 'optionList');
        return {
          kind: 'parse-kv',
          source,
          keys: nodes(c, 'columnDeclaration').map((declaration) => this.columnDeclaration(declaration, source.end)),
          options: optionList ? this.options(optionList.children as Children, source.end) : [],
          ...base,
        };
      }
      case 'mvExpandOperator': {
        const options = this.options(c, after);
        const limit = node(c, 'expression');
        return {
          kind: 'mv-expand',
          options,
          columns: nodes(c, 'mvExpandColumn').map((column) => this.mvExpandColumn(column, after)),
          limit: limit && this.expression(limit, span.end),
          ...base,
        };
      }
      case 'makeSeriesOperator':
        return this.makeSeries(c, base);
      case 'sampleOperator':
        return { kind: 'sample', fraction: this.expressionOrMissing(node(c, 'expression'), after), ...base };
      case 'getSchemaOperator':
        return { kind: 'getschema', ...base };
      case 'redactOperator':
        return {
          kind: 'redact',
          options: this.options(c, after),
          patterns: this.expressions(c, 'expression', after),
          on: this.expressions(c, 'on', after),
          ...base,
        };
      case 'printOperator':
        return { kind: 'print', columns: this.columnDefinitions(node(c, 'columnDefinitionList'), after), ...base };
      case 'dataTableOperator':
        return {
          kind: 'datatable',
          columns: this.columnDeclarations(node(c, 'columnDeclarationList'), after),
          values: this.expressions(c, 'expression', after),
          ...base,
        };
      case 'externalDataOperator': {
        const optionList = node(c, 'optionList');
        return {
          kind: 'externaldata',
          columns: this.columnDeclarations(node(c, 'columnDeclarationList'), after),
          urls: this.expressions(c, 'expression', after),
          options: optionList ? this.options(optionList.children as Children, after) : [],
          ...base,
        };
      }
      default:
        return { kind: 'unknown', name: keyword?.image ?? '', ...base };
    }
  }

  private makeSeries(c: Children, base: { nameSpan: ast.Span } & ast.Span): ast.MakeSeriesOperator {
    const after = base.nameSpan.end;
    const aggregates = nodes(c, 'makeSeriesAggregate').map((aggregate) => {
      const a = aggregate.children as Children;
      const column = this.columnDefinition(node(a, 'columnDefinition'), after);
      const defaultValue = node(a, 'expression');
      return {
        kind: 'MakeSeriesAggregate' as const,
        column,
        default: defaultValue && this.expression(defaultValue, column.end),
        ...this.span(aggregate, after),
      };
    });
    const on = token(c, 'On');
    const step = token(c, 'Step');
    const optional = (key: string) => {
      const expression = node(c, key);
      return expression ? this.expression(expression, after) : undefined;
    };
    const byList = node(c, 'columnDefinitionList');
    let onExpression = this.expressionOrMissing(node(c, 'expression'), on ? tokenEnd(on) : base.end);
    let range = optional('range');
    // `on _time in range(...)` reads as an `in` test to the expression grammar; it is the range clause.
    if (!range && onExpression.kind === 'ListOperator' && onExpression.operator === 'in' && onExpression.items.length === 1) {
      range = onExpression.items[0];
      onExpression = onExpression.left;
    }
    return {
      kind: 'make-series',
      aggregates,
      on: onExpression,
      from: optional('from'),
      to: optional('to'),
      range,
      step: this.expressionOrMissing(node(c, 'step'), step ? tokenEnd(step) : base.end),
      by: byList ? this.columnDefinitions(byList, after) : [],
      ...base,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Pieces shared by operators

  private columnDefinitions(cst: CstNode | undefined, fallback: number): ast.ColumnDefinition[] {
    if (!cst) return [];
    return nodes(cst.children as Children, 'columnDefinition').map((definition) => this.columnDefinition(definition, fallback));
  }

  private columnDefinition(cst: CstNode | undefined, fallback: number): ast.ColumnDefinition {
    if (!cst) {
      const expression = missing(fallback);
      return { kind: 'ColumnDefinition', expression, start: fallback, end: fallback };
    }
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const nameCst = node(c, 'name');
    const name = nameCst ? this.name(nameCst, span.start) : undefined;
    const expression = this.expressionOrMissing(node(c, 'expression'), name?.end ?? span.start);
    return { kind: 'ColumnDefinition', name, expression, ...span };
  }

  private sortKey(cst: CstNode | undefined, fallback: number): ast.SortKey {
    if (!cst) return { kind: 'SortKey', expression: missing(fallback), start: fallback, end: fallback };
    const c = cst.children as Children;
    const direction = token(c, 'Desc') ? 'desc' : token(c, 'Asc') ? 'asc' : undefined;
    const nulls = token(c, 'First') ? 'first' : token(c, 'Last') ? 'last' : undefined;
    return {
      kind: 'SortKey',
      expression: this.expressionOrMissing(node(c, 'expression'), fallback),
      direction,
      nulls,
      ...this.span(cst, fallback),
    };
  }

  private columnDeclarations(cst: CstNode | undefined, fallback: number): ast.ColumnDeclaration[] {
    if (!cst) return [];
    return nodes(cst.children as Children, 'columnDeclaration').map((declaration) => this.columnDeclaration(declaration, fallback));
  }

  private columnDeclaration(cst: CstNode, fallback: number): ast.ColumnDeclaration {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const type = node(c, 'type');
    return { kind: 'ColumnDeclaration', name: this.name(node(c, 'name'), span.start), type: type && this.name(type, span.end), ...span };
  }

  private columnPattern(cst: CstNode, fallback: number): ast.Expression {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const stars = tokens(c, 'Star');
    const names = nodes(c, 'name').map((name) => this.name(name, span.start));
    const trailing = token(c, 'Identifier');
    if (stars.length === 0) {
      return names.slice(1).reduce<ast.Expression>(
        (target, member) => ({ kind: 'Member', target, member, ...cover(target, member) }),
        names[0] ?? missing(span.start),
      );
    }
    if (names.length === 0 && !trailing) return { kind: 'Star', ...span };
    const pattern = names.length > 0 ? `${names.map((name) => name.name).join('.')}*` : `*${trailing!.image}`;
    return { kind: 'Wildcard', pattern, ...span };
  }

  private projectReorderColumn(cst: CstNode, fallback: number): ast.ProjectReorderColumn {
    const c = cst.children as Children;
    const order = token(c, 'GrannyAsc')
      ? 'granny-asc'
      : token(c, 'GrannyDesc')
        ? 'granny-desc'
        : token(c, 'Asc')
          ? 'asc'
          : token(c, 'Desc')
            ? 'desc'
            : undefined;
    const pattern = node(c, 'columnPattern');
    return {
      kind: 'ProjectReorderColumn',
      expression: pattern ? this.columnPattern(pattern, fallback) : missing(fallback),
      order,
      ...this.span(cst, fallback),
    };
  }

  private tableReferenceOrMissing(cst: CstNode | undefined, fallback: number): ast.Expression {
    return cst ? this.tableReference(cst, fallback) : missing(fallback);
  }

  private tableReference(cst: CstNode, fallback: number): ast.Expression {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const pattern = node(c, 'columnPattern');
    if (pattern) return this.columnPattern(pattern, span.start);
    return { kind: 'Paren', expression: this.pipelineOrMissing(node(c, 'pipeline'), span.start + 1), ...span };
  }

  private parsePatternPart(cst: CstNode, fallback: number): ast.ParsePatternPart {
    const c = cst.children as Children;
    const string = token(c, 'StringLiteral');
    if (string) return this.stringLiteral(string);
    const star = token(c, 'Star');
    if (star) return { kind: 'Star', start: star.startOffset, end: tokenEnd(star) };
    const declaration = node(c, 'columnDeclaration');
    return declaration ? this.columnDeclaration(declaration, fallback) : missing(fallback);
  }

  private mvExpandColumn(cst: CstNode, fallback: number): ast.MvExpandColumn {
    const c = cst.children as Children;
    const span = this.span(cst, fallback);
    const column = this.columnDefinition(node(c, 'columnDefinition'), span.start);
    const type = node(c, 'name');
    return { kind: 'MvExpandColumn', column, toType: type && this.name(type, column.end), ...span };
  }

  private options(c: Children, fallback: number): ast.OperatorOption[] {
    return nodes(c, 'operatorOption').map((option) => {
      const o = option.children as Children;
      const span = this.span(option, fallback);
      const name = this.name(node(o, 'name'), span.start);
      const identifier = token(o, 'Identifier');
      const literal = firstToken(o, 'StringLiteral', 'LongLiteral', 'RealLiteral', 'True', 'False');
      const value: ast.Expression = identifier
        ? { kind: 'Name', name: identifier.image, quoted: false, start: identifier.startOffset, end: tokenEnd(identifier) }
        : literal
          ? this.literal(literal)
          : missing(name.end);
      return { kind: 'OperatorOption', name, value, ...span };
    });
  }
}
