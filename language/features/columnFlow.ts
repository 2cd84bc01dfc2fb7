import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { wildcardMatcher } from '../analysis/tables.ts';
import type * as ast from '../syntax/ast.ts';
import { forEachChild } from '../syntax/visit.ts';
import { isOperatorNode } from './context.ts';

/**
 * One column's life through one pipeline: from the name that creates it (`extend x = …`,
 * `summarize n = …`, `parse … with … z`) to every later use, until a stage drops or renames it.
 * A column the query did not name has no `definition`: it came in with the pipeline's input
 * (a dataset's field, say) or an operator named it by itself (`count()` → `count_`).
 */
export interface ColumnSymbol {
  name: string;
  definition?: ast.NameNode;
  /** Every use after the definition, in source order. */
  uses: ast.NameNode[];
  origin: 'defined' | 'input' | 'implicit';
}

/**
 * Follows the column `name` through the stages of `pipeline`, starting from `initial` (the
 * column as it enters, if the pipeline starts from a table that has it). Returns every symbol
 * the column stood for, in order, and the one the pipeline's output carries (if any).
 */
export function followColumn(
  analyzed: AnalyzedDocument,
  pipeline: ast.PipelineNode,
  name: string,
  initial: ColumnSymbol | undefined,
): { symbols: ColumnSymbol[]; final: ColumnSymbol | undefined } {
  const flow = new Flow(analyzed, name, initial);
  if (isOperatorNode(pipeline.source)) flow.stage(pipeline.source);
  for (const operator of pipeline.operators) flow.stage(operator);
  return { symbols: flow.symbols, final: flow.current };
}

class Flow {
  readonly symbols: ColumnSymbol[] = [];
  current: ColumnSymbol | undefined;

  constructor(
    private readonly analyzed: AnalyzedDocument,
    private readonly name: string,
    initial: ColumnSymbol | undefined,
  ) {
    if (initial) this.adopt(initial);
  }

  stage(operator: ast.TabularOperator): void {
    switch (operator.kind) {
      case 'extend':
      case 'extend-valid':
      case 'print':
        for (const column of operator.columns) this.define(column);
        return;
      case 'mv-expand':
        this.uses(operator.options);
        for (const { column } of operator.columns) this.define(column);
        return this.uses([operator.limit]);
      case 'project':
        return this.replace(operator.columns, []);
      case 'summarize':
        return this.replace([...operator.aggregates, ...operator.by], []);
      case 'make-series':
        this.uses(operator.aggregates.map((aggregate) => aggregate.default));
        this.uses([operator.from, operator.to, operator.range, operator.step]);
        return this.replace([...operator.aggregates.map((aggregate) => aggregate.column), ...operator.by], [operator.on]);
      case 'distinct':
        if (operator.columns.some((column) => column.kind === 'Star')) return this.uses(operator.columns);
        return this.replace([], operator.columns);
      case 'project-rename':
        return this.rename(operator.columns);
      case 'project-away':
        this.uses(operator.columns);
        if (operator.columns.some((column) => this.matches(column))) this.current = undefined;
        return;
      case 'project-keep':
        this.uses(operator.columns);
        if (!operator.columns.some((column) => this.matches(column))) this.current = undefined;
        return;
      case 'count':
      case 'getschema':
        this.current = undefined;
        return;
      case 'parse':
      case 'parse-where':
        this.uses([...operator.options, operator.source]);
        return this.declare(operator.pattern);
      case 'parse-kv':
        this.uses([operator.source, ...operator.options]);
        return this.declare(operator.keys);
      case 'datatable':
      case 'externaldata':
        this.current = undefined;
        return this.declare(operator.columns);
      case 'union':
        // As a query's start it has no input; as a stage it keeps the input's columns. Its tables are queries of their own.
        return;
      case 'join':
      case 'lookup':
        // The right side is a table of its own; `on` names columns of both sides, `$right.x` only the right one's.
        return this.uses(operator.on);
      default:
        return this.uses([operator]);
    }
  }

  /** `name = expression` (or a bare expression) that adds or replaces a column, as in extend. */
  private define(column: ast.ColumnDefinition): void {
    this.uses([column.expression]);
    if (column.name?.name === this.name) this.create(column.name);
  }

  /** An operator whose output holds only what it lists (project, summarize): a bare `x` keeps x, `x = …` makes a new one. */
  private replace(columns: ast.ColumnDefinition[], kept: (ast.Expression | undefined)[]): void {
    let before = this.current;
    let after: ColumnSymbol | undefined;
    // Each listed expression reads the input; a use of a column the input lacks a name for starts one symbol, not one each.
    for (const column of columns) {
      this.current = before;
      this.uses([column.expression]);
      before = this.current;
      if (column.name?.name === this.name) after = this.created(column.name);
      else if (!column.name && this.matches(column.expression)) after = this.current;
    }
    for (const expression of kept) {
      this.current = before;
      this.uses([expression]);
      before = this.current;
      if (expression && this.matches(expression)) after = this.current;
    }
    this.current = after;
  }

  /** `project-rename new = old`: the old name ends here, the new one starts. */
  private rename(columns: ast.ColumnDefinition[]): void {
    let after = this.current;
    for (const column of columns) {
      this.uses([column.expression]);
      if (this.matches(column.expression)) after = undefined;
    }
    for (const column of columns) if (column.name?.name === this.name) after = this.created(column.name);
    this.current = after;
  }

  private declare(parts: readonly ast.Node[]): void {
    for (const part of parts) if (part.kind === 'ColumnDeclaration' && part.name.name === this.name) this.create(part.name);
  }

  private create(definition: ast.NameNode): void {
    this.current = this.created(definition);
  }

  private created(definition: ast.NameNode): ColumnSymbol {
    const symbol: ColumnSymbol = { name: this.name, definition, uses: [], origin: 'defined' };
    this.symbols.push(symbol);
    return symbol;
  }

  private adopt(symbol: ColumnSymbol): void {
    this.current = symbol;
    this.symbols.push(symbol);
  }

  /** Whether an expression is the column itself (`x`, `['x']`), or a pattern that covers it (`x*`). */
  private matches(expression: ast.Node): boolean {
    if (expression.kind === 'Name') return expression.name === this.name;
    if (expression.kind === 'Wildcard') return wildcardMatcher(expression.pattern)(this.name);
    return false;
  }

  /** Records the uses of the column inside `nodes` (outside subqueries) as uses of the current symbol. */
  private uses(nodes: readonly (ast.Node | undefined)[]): void {
    for (const node of nodes) {
      if (!node) continue;
      for (const reference of columnReferences(this.analyzed, node, this.name)) {
        if (!this.current) this.adopt({ name: this.name, uses: [], origin: 'implicit' });
        this.current!.uses.push(reference);
      }
    }
  }
}

/**
 * The names inside a node that the analyzer resolved to the column `name`, in source order:
 * not inside a subquery (a query of its own), not `$right.x` (the other side of a join), and
 * not the names that define columns.
 */
function columnReferences(analyzed: AnalyzedDocument, root: ast.Node, name: string): ast.NameNode[] {
  const found: ast.NameNode[] = [];
  const stack: ast.Node[] = [root];
  const children: ast.Node[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'Name') {
      const symbol = analyzed.symbolOf(node);
      if (node.name === name && symbol?.kind === 'column') found.push(node);
      continue;
    }
    if (node.kind === 'Member' && node.target.kind === 'Name' && node.target.name === '$right') continue;
    forEachChild(node, (child) => {
      if (child.kind === 'Pipeline') return;
      if (node.kind === 'ColumnDefinition' && child === node.name) return;
      if (node.kind === 'ColumnDeclaration') return;
      if (node.kind === 'OperatorOption' && child === node.name) return;
      if (node.kind === 'NamedArgument' && child === node.name) return;
      children.push(child);
    });
    while (children.length > 0) stack.push(children.pop()!);
  }
  return found;
}
