import type {
  AnalyzedDocument,
  Expression,
  PipelineNode,
  SourceOperator,
  TabularOperator,
  SortKey,
} from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import type { ErrorSink } from '../errors.ts';
import { compileExpression, findColumn } from './expressions.ts';
import { asBool } from './coercions.ts';
import type { ExpressionScope, LetValue } from './scope.ts';
import { ident, regexEscape, stringLiteral } from './sql.ts';
import { keptOrder, matchedOf, orderSql, readRows, selectList, type OrderKey, type Stage } from './stage.ts';
import { fieldTypeName, sqlTypeOf, type Column, type ScalarType } from './types.ts';
import { makeSeries, redact, searchOperator, type OperatorTools } from './moreOperators.ts';
import { parseKv } from './parseKv.ts';
import { parseOperator } from './parseOperator.ts';
import { compileJoin } from './join.ts';
import { readBoundsOf } from './storedTimeBound.ts';
import { reorderColumns } from './projectReorder.ts';
import { datatableStage, printStage } from './literalTables.ts';
import { compileSummarize, limitTimeBinned, type SummarizeTools } from './summarize.ts';
import { mvExpand } from './mvExpand.ts';
import { countAllSql } from './aggregations.ts';
import { extendStage, projectStage } from './columnOperators.ts';

/** What the compiler needs from outside: dataset tables, the time range, now. */
export interface CompileEnvironment {
  analyzed: AnalyzedDocument;
  errors: ErrorSink;
  /** The stored columns of a dataset the caller may read, or undefined. */
  datasetColumns(name: string): Column[] | undefined;
  /** SQL conditions on `_time` for the query range. */
  timeFilter: string;
  now: string;
  binAutoNanos: number;
  /** The query range's length in seconds (what `rate()` divides by without a time bin). */
  rangeSeconds: number;
  /** Every dataset the caller may read (for `union` wildcards and `search`). */
  readableDatasets(): string[];
}

export class PipelineCompiler {
  private aliasCounter = 0;
  readonly lets = new Map<string, LetValue>();
  readonly datasets = new Set<string>();
  /** `set stricttypes;` was given. */
  strictTypes = false;

  constructor(private readonly env: CompileEnvironment) {}

  private alias(): string {
    return `t${++this.aliasCounter}`;
  }

  private get errors(): ErrorSink {
    return this.env.errors;
  }

  scope(columns: readonly Column[], extra: Partial<ExpressionScope> = {}): ExpressionScope {
    return {
      columns,
      lets: this.lets,
      errors: this.errors,
      now: this.env.now,
      binAutoNanos: this.env.binAutoNanos,
      strictTypes: this.strictTypes,
      subquery: (pipeline) => {
        const stage = this.tabular(pipeline);
        return { sql: stage.sql, columns: stage.columns };
      },
      ...extra,
    };
  }

  /** A tabular expression: a pipeline, a dataset or tabular let name, or a parenthesised one. */
  tabular(expression: Expression | SourceOperator): Stage {
    switch (expression.kind) {
      case 'Pipeline': {
        let stage = this.tabular(expression.source);
        for (const operator of expression.operators) stage = this.operator(operator, stage);
        return stage;
      }
      case 'Paren':
        return this.tabular(expression.expression);
      case 'Name':
        return this.source(expression.name, expression.start);
      case 'union':
        return this.union(expression, undefined);
      case 'print':
        return printStage(expression.columns, this.tools());
      case 'datatable':
        return datatableStage(expression, this.tools());
      case 'externaldata':
        throw this.errors.at(expression.start, 'externaldata is not available: this local service has no network access');
      case 'search':
        return this.searchSource(expression);
      default:
        throw this.errors.at(expression.start, 'expected a dataset or a tabular expression');
    }
  }

  private source(name: string, offset: number): Stage {
    const binding = this.lets.get(name);
    if (binding?.kind === 'table') return this.tabular(binding.pipeline);
    const columns = this.env.datasetColumns(name);
    if (!columns) throw this.errors.at(offset, `dataset "${name}" not found`, 'forbidden');
    this.datasets.add(name);
    const ordered = [...columns].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const scan = { table: `events.${ident(name)}`, conditions: this.env.timeFilter };
    const sql = `SELECT ${ordered.map((column) => ident(column.name)).join(', ')} FROM ${scan.table} WHERE ${scan.conditions}`;
    // Events come newest first unless the query orders them otherwise.
    const order: OrderKey[] = [{ column: '_time', desc: true, nullsFirst: false }];
    return { sql, scan, columns: ordered, order, limited: false, datasets: new Set([name]), rowsOf: name, storedTime: true };
  }

  private operator(operator: TabularOperator, stageIn: Stage): Stage {
    const input: Stage = { ...stageIn, totalsSql: undefined, summary: undefined, rowsOf: undefined, sorted: undefined, storedTime: undefined, takesByTime: undefined, scan: undefined, asResult: undefined };
    const from = `(${input.sql}) AS ${this.alias()}`;
    const next = (sql: string, columns: Column[], changes: Partial<Stage> = {}): Stage => ({
      ...input,
      sql,
      columns,
      order: keptOrder(input.order, columns),
      timeBin: input.timeBin && columns.some((column) => column.name === input.timeBin!.column) ? input.timeBin : undefined,
      ...changes,
    });
    const reducing = (): Partial<Stage> => matchedOf(stageIn);
    // The order is re-applied at the end while its columns survive; a stage that drops them sorts itself.
    const keepFor = (columns: readonly Column[]) => (keptOrder(input.order, columns) ? '' : orderSql(input.order));
    const keep = '';
    // Operators that neither reorder the rows nor write `_time` keep it the stored one.
    const { storedTime } = stageIn;
    // Operators that only drop columns keep the rows those of the dataset while they keep `_time`.
    // The same goes for a take by time (`Stage.takesByTime`) while they also keep its order.
    const keptRows = (columns: readonly Column[]) => (hasTime(columns) ? stageIn.rowsOf : undefined);
    switch (operator.kind) {
      case 'where': {
        const scope = this.scope(input.columns, { filterContext: true });
        const condition = asBool(compileExpression(operator.predicate, scope));
        const changes: Partial<Stage> = { storedTime };
        if (storedTime && stageIn.matchedSql === undefined) {
          const { bounds, onlyBounds } = readBoundsOf(operator.predicate, (expression) => compileExpression(expression, scope));
          changes.readBounds = [...(input.readBounds ?? []), ...bounds];
          // Bounds alone keep every row read: the rows stay those of the dataset.
          if (onlyBounds) changes.rowsOf = stageIn.rowsOf;
        }
        const { scan } = stageIn;
        if (scan) return next(`${stageIn.sql} AND (${condition})`, input.columns, { ...changes, scan: { ...scan, conditions: `${scan.conditions} AND (${condition})` } });
        return next(`SELECT * FROM ${from} WHERE ${condition}${keep}`, input.columns, changes);
      }
      case 'extend':
      case 'extend-valid':
        return extendStage(operator.columns, { ...input, rowsOf: stageIn.rowsOf, storedTime, scan: stageIn.scan, takesByTime: stageIn.takesByTime }, operator.kind === 'extend-valid', this.tools());
      case 'project':
        return projectStage(operator.columns, { ...input, rowsOf: stageIn.rowsOf, storedTime, scan: stageIn.scan, takesByTime: stageIn.takesByTime }, this.summarizeTools());
      case 'project-away':
      case 'project-keep': {
        const listed = new Set(operator.columns.flatMap((expression) => this.namesOf(expression, input.columns)));
        const columns = input.columns.filter((column) => listed.has(column.name) === (operator.kind === 'project-keep'));
        const takesByTime = hasTime(columns) && keptOrder(input.order, columns) ? stageIn.takesByTime : undefined;
        return next(`SELECT ${selectList(columns)} FROM ${from}${keepFor(columns)}`, columns, { storedTime, rowsOf: keptRows(columns), takesByTime });
      }
      case 'project-rename': {
        const renames = new Map<string, string>();
        for (const definition of operator.columns) {
          const old = columnNameOf(definition.expression);
          if (!definition.name || !old || !findColumn(input.columns, old)) throw this.errors.at(definition.start, 'project-rename expects new = existing column', 'semantic');
          renames.set(old, definition.name.name);
        }
        const columns = input.columns.map((column) => ({ ...column, name: renames.get(column.name) ?? column.name }));
        const list = input.columns.map((column) => `${ident(column.name)} AS ${ident(renames.get(column.name) ?? column.name)}`).join(', ');
        const order = input.order?.map((key) => ({ ...key, column: renames.get(key.column) ?? key.column }));
        return { ...next(`SELECT ${list} FROM ${from}${keep}`, columns), order };
      }
      case 'project-reorder': {
        const unknown = (entry: { start: number }, name: string) => this.errors.at(entry.start, `unknown column "${name}"`, 'semantic');
        const columns = reorderColumns(operator.columns, input.columns, unknown);
        return next(`SELECT ${selectList(columns)} FROM ${from}${keep}`, columns, { storedTime, rowsOf: stageIn.rowsOf });
      }
      case 'sort':
      case 'order': {
        const keys = operator.keys.map((key) => this.sortKey(key, input.columns));
        const order = operator.keys.map((key, i) => ({ key, sql: keys[i]! })).every(({ key }) => columnNameOf(key.expression) && findColumn(input.columns, columnNameOf(key.expression)!))
          ? operator.keys.map((key) => orderKey(key))
          : undefined;
        return next(`SELECT * FROM ${from} ORDER BY ${keys.join(', ')}`, input.columns, { order, timeBin: undefined, storedTime });
      }
      case 'take':
      case 'limit': {
        const count = this.count(operator.count, input);
        if (stageIn.timeBin && stageIn.totalsSql && stageIn.groups) return limitTimeBinned(stageIn, count, this.tools());
        const byTime = storedTime && stageIn.matchedSql === undefined && input.order?.[0]?.column === '_time';
        const taken = byTime ? rowCount(operator.count) : undefined;
        return next(`${stageIn.scan ? stageIn.sql : `SELECT * FROM ${from}`}${orderSql(input.order)} LIMIT ${count}`, input.columns, {
          limited: true,
          sorted: !!input.order?.length,
          takesByTime: taken && taken > 0 ? taken : undefined,
          ...reducing(),
        });
      }
      case 'top': {
        const count = this.count(operator.count, input);
        const key = { ...operator.by, direction: operator.by.direction ?? 'desc' } as SortKey;
        const named = columnNameOf(key.expression);
        const byColumn = !!named && !!findColumn(input.columns, named);
        return next(`SELECT * FROM ${from} ORDER BY ${this.sortKey(key, input.columns)} LIMIT ${count}`, input.columns, {
          limited: true,
          order: byColumn ? [orderKey(key)] : undefined,
          sorted: byColumn,
          timeBin: undefined,
          ...reducing(),
        });
      }
      case 'count': {
        const name = this.env.analyzed.outputOf(operator)?.columns[0]?.name ?? 'count';
        const summary = { from: input.sql, rows: readRows(stageIn, 'apl_rows'), keys: [], outputs: [{ name, sql: countAllSql }] };
        return next(`SELECT count(*) AS ${ident(name)} FROM ${readRows(stageIn, this.alias())}`, [{ name, type: 'long' }], { order: undefined, timeBin: undefined, summary, ...reducing() });
      }
      case 'distinct': {
        const names = operator.columns.flatMap((expression) => this.namesOf(expression, input.columns));
        const columns = names.map((name) => findColumn(input.columns, name)!);
        return next(`SELECT DISTINCT ${selectList(columns)} FROM ${from}`, columns, { order: undefined, timeBin: undefined, ...reducing() });
      }
      case 'sample': {
        const fraction = operator.fraction;
        const value = fraction.kind === 'Literal' && (fraction.type === 'real' || fraction.type === 'long') ? Number(fraction.value) : NaN;
        if (!(value >= 0 && value <= 1)) throw this.errors.at(fraction.start, 'sample expects a fraction between 0 and 1', 'semantic');
        return next(`SELECT * FROM ${from} USING SAMPLE ${value * 100} PERCENT (bernoulli)`, input.columns, { order: undefined });
      }
      case 'getschema': {
        // In the order the getschema page prints them.
        const rows = input.columns.map(
          (column, i) => `(${stringLiteral(column.name)}, ${stringLiteral(column.type)}, CAST(${i} AS BIGINT), ${stringLiteral(fieldTypeName(column))})`,
        );
        const columns: Column[] = [
          { name: 'ColumnName', type: 'string' },
          { name: 'DataType', type: 'string' },
          { name: 'ColumnOrdinal', type: 'long' },
          { name: 'ColumnType', type: 'string' },
        ];
        const sql = rows.length
          ? `SELECT * FROM (VALUES ${rows.join(', ')}) AS s(${selectList(columns)}) ORDER BY ${ident('ColumnOrdinal')}`
          : `SELECT ${columns.map((column) => `CAST(NULL AS ${sqlTypeOf(column.type)}) AS ${ident(column.name)}`).join(', ')} WHERE FALSE`;
        return { sql, columns, limited: input.limited, datasets: input.datasets, ...reducing() };
      }
      case 'summarize':
        return compileSummarize(operator.aggregates, operator.by, { ...input, scan: stageIn.scan }, matchedOf(stageIn), this.summarizeTools());
      case 'union':
        return this.union(operator, input);
      case 'join':
      case 'lookup':
        return compileJoin(operator, input, this.tabular(operator.right), this.tools());
      case 'mv-expand':
        return mvExpand(operator, input, this.tools(), (limit) => this.count(limit, input));
      case 'parse':
      case 'parse-where':
        return parseOperator(operator, input, this.tools());
      case 'make-series':
        return makeSeries(operator, input, this.tools());
      case 'search':
        if (operator.datasets.length) throw this.errors.at(operator.start, 'search in (...) starts a query; after a pipe it searches the incoming rows', 'semantic');
        return searchOperator(operator, input, this.tools());
      case 'parse-kv':
        return parseKv(operator, input, this.tools());
      case 'redact':
        return redact(operator, input, this.tools());
      default:
        throw this.errors.at(operator.nameSpan.start, `the operator ${operator.kind === 'unknown' ? operator.name : operator.kind} is not implemented by this engine`);
    }
  }

  private tools(): OperatorTools {
    return { alias: () => this.alias(), scope: (columns, extra) => this.scope(columns, extra), errors: this.errors };
  }

  private summarizeTools(): SummarizeTools {
    const { rangeSeconds, binAutoNanos } = this.env;
    return { ...this.tools(), rangeSeconds, binAutoNanos, namesOf: (expression, columns) => this.namesOf(expression, columns) };
  }

  /** Dataset names a pattern such as `github*` or `*` matches, among those the caller may read. */
  private datasetsMatching(pattern: string): string[] {
    const regex = new RegExp(`^${pattern.split('*').map(regexEscape).join('.*')}$`);
    return this.env.readableDatasets().filter((name) => regex.test(name)).sort();
  }

  /** `search [in (d1, d2*)] predicate` as a query's source: the union of the datasets, filtered. */
  private searchSource(operator: Extract<SourceOperator, { kind: 'search' }>): Stage {
    const tables: Expression[] = operator.datasets.length ? operator.datasets : [{ kind: 'Wildcard', pattern: '*', start: operator.start, end: operator.start } as Expression];
    const union = this.union({ kind: 'union', options: [], tables, start: operator.start, end: operator.end } as unknown as Extract<TabularOperator, { kind: 'union' }>, undefined);
    return searchOperator(operator, { ...union, order: union.columns.some((column) => column.name === '_time') ? [{ column: '_time', desc: true, nullsFirst: false }] : undefined }, this.tools());
  }

  private count(expression: Expression, input: Stage): string {
    const value = compileExpression(expression, this.scope(input.columns));
    if (value.type !== 'long' && value.type !== 'int') throw this.errors.at(expression.start, 'expected a whole number of rows', 'semantic');
    const literal = rowCount(expression);
    return literal !== undefined && Number.isSafeInteger(literal) ? String(Math.max(literal, 0)) : `greatest(${value.sql}, 0)`;
  }

  private sortKey(key: SortKey, columns: readonly Column[]): string {
    const value = compileExpression(key.expression, this.scope(columns));
    const desc = key.direction !== 'asc';
    const nullsFirst = key.nulls ? key.nulls === 'first' : !desc;
    const sql = value.type === 'dynamic' ? `CAST(${value.sql} AS VARCHAR)` : value.sql;
    return `${sql} ${desc ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`;
  }

  /** Column names an expression lists: a name, or every column a pattern matches. */
  private namesOf(expression: Expression, columns: readonly Column[]): string[] {
    if (expression.kind === 'Star') return columns.map((column) => column.name);
    if (expression.kind === 'Wildcard') {
      const pattern = new RegExp(`^${expression.pattern.split('*').map(regexEscape).join('.*')}$`);
      return columns.filter((column) => pattern.test(column.name)).map((column) => column.name);
    }
    const name = columnNameOf(expression);
    if (!name || !findColumn(columns, name)) throw this.errors.at(expression.start, `unknown column "${name ?? ''}"`, 'semantic');
    return [name];
  }

  private union(operator: Extract<TabularOperator, { kind: 'union' }>, input: Stage | undefined): Stage {
    const parts: Stage[] = input ? [input] : [];
    const labels: string[] = input ? [[...input.datasets][0] ?? ''] : [];
    for (const table of operator.tables) {
      if (table.kind === 'Wildcard' || table.kind === 'Star') {
        const pattern = table.kind === 'Star' ? '*' : table.pattern;
        for (const name of this.datasetsMatching(pattern)) {
          parts.push(this.source(name, table.start));
          labels.push(name);
        }
        continue;
      }
      parts.push(this.tabular(table));
      labels.push(columnNameOf(table) ?? '');
    }
    if (parts.length === 0) throw this.errors.at(operator.start, 'union matched no dataset', 'semantic');
    const source = operator.options.find((option) => option.name.name.toLowerCase() === 'withsource');
    const sourceName = source ? columnNameOf(source.value) : undefined;
    const columns: Column[] = [];
    for (const part of parts) {
      for (const column of part.columns) {
        const existing = columns.findIndex((known) => known.name === column.name);
        if (existing < 0) columns.push(column);
        else if (columns[existing]!.type !== column.type) columns[existing] = { name: column.name, type: 'string' };
      }
    }
    const selects = parts.map((part, i) => {
      const list = columns.map((column) => {
        const own = findColumn(part.columns, column.name);
        if (!own) return `CAST(NULL AS ${sqlTypeOf(column.type)}) AS ${ident(column.name)}`;
        return own.type === column.type ? ident(column.name) : `CAST(${ident(column.name)} AS VARCHAR) AS ${ident(column.name)}`;
      });
      const label = sourceName ? `, ${stringLiteral(labels[i] ?? '')} AS ${ident(sourceName)}` : '';
      return `SELECT ${list.join(', ')}${label} FROM (${part.sql}) AS ${this.alias()}`;
    });
    const all = sourceName ? [...columns, { name: sourceName, type: 'string' as ScalarType }] : columns;
    const datasets = new Set(parts.flatMap((part) => [...part.datasets]));
    return { sql: selects.join(' UNION ALL '), columns: all, limited: false, datasets };
  }

}

function rank(name: string): number {
  return name === '_sysTime' ? 0 : name === '_time' ? 1 : 2;
}

function orderKey(key: SortKey): OrderKey {
  const desc = key.direction !== 'asc';
  return { column: columnNameOf(key.expression)!, desc, nullsFirst: key.nulls ? key.nulls === 'first' : !desc };
}

function hasTime(columns: readonly Column[]): boolean {
  return findColumn(columns, '_time') !== undefined;
}

/** A row count written as a number (`take 100`), not computed. */
function rowCount(expression: Expression): number | undefined {
  return expression.kind === 'Literal' && expression.type === 'long' ? Number(expression.value) : undefined;
}

export type { PipelineNode };
