import type { CallNode, Expression } from '../../../language/index.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { asBool, asJson, asNumber, compileExpression } from './expressions.ts';
import { isInteger } from './types.ts';

const aggregationNames = new Set([
  'arg_max', 'arg_min', 'avg', 'avgif', 'count', 'countif', 'dcount', 'dcountif', 'histogram', 'histogramif', 'make_list',
  'make_list_if', 'make_set', 'make_set_if', 'max', 'maxif', 'min', 'minif', 'percentile', 'percentileif', 'percentiles_array',
  'percentiles_arrayif', 'phrases', 'rate', 'spotlight', 'stdev', 'stdevif', 'sum', 'sumif', 'topk', 'topkif', 'variance', 'varianceif',
]);

export function isAggregation(name: string): boolean {
  return aggregationNames.has(name);
}

/** The wire name of an aggregation (`agg.name` in tabular results). */
export function aggregationWireName(name: string): string {
  const names: Record<string, string> = {
    dcount: 'distinct', dcountif: 'distinctif', percentile: 'percentiles', percentileif: 'percentilesif', percentiles_array: 'percentiles',
    percentiles_arrayif: 'percentilesif', arg_max: 'argmax', arg_min: 'argmin', make_set: 'makeset', make_set_if: 'makesetif',
    make_list: 'makelist', make_list_if: 'makelistif',
  };
  return names[name] ?? name;
}

const makeSetCap = 128;

/** Compiles one aggregation call (not arg_max/arg_min, which expand to several columns) to a SQL aggregate. */
export function compileAggregation(call: CallNode, scope: ExpressionScope): Compiled {
  const name = call.callee.name;
  const args = call.args.map((argument) => {
    if (argument.kind === 'NamedArgument') throw scope.errors.at(argument.start, `named arguments are not supported in ${name}()`);
    return argument;
  });
  // Arguments are row expressions: aggregations do not nest.
  const rowScope: ExpressionScope = { ...scope, aggregate: undefined };
  const arg = (index: number): Compiled => {
    const expression: Expression | undefined = args[index];
    if (!expression) throw scope.errors.at(call.start, `${name}() expects more arguments`, 'semantic');
    return compileExpression(expression, rowScope);
  };
  const filter = (index: number) => ` FILTER (WHERE ${asBool(arg(index))})`;
  const numeric = (value: Compiled) => (value.type === 'dynamic' || value.type === 'string' ? asNumber(value) : value.sql);
  switch (name) {
    case 'count':
      return { sql: args.length === 0 ? 'count(*)' : `count(${arg(0).sql})`, type: 'long' };
    case 'countif':
      return { sql: `count(*)${filter(0)}`, type: 'long' };
    case 'sum':
    case 'sumif': {
      const value = arg(0);
      const sql = `sum(${numeric(value)})${name === 'sumif' ? filter(1) : ''}`;
      if (value.type === 'timespan') return { sql, type: 'timespan' };
      const integer = isInteger(value.type);
      // sumif over no matching rows is 0 (documented); sum keeps SQL's null for no values.
      const total = integer ? `CAST(${sql} AS BIGINT)` : sql;
      return { sql: name === 'sumif' ? `coalesce(${total}, 0)` : total, type: integer ? 'long' : 'real' };
    }
    case 'avg':
    case 'avgif':
      return { sql: `avg(${numeric(arg(0))})${name === 'avgif' ? filter(1) : ''}`, type: 'real' };
    case 'min':
    case 'max':
    case 'minif':
    case 'maxif': {
      const value = arg(0);
      return { sql: `${name.slice(0, 3)}(${value.sql})${name.endsWith('if') ? filter(1) : ''}`, type: value.type };
    }
    case 'dcount':
    case 'dcountif':
      return { sql: `CAST(approx_count_distinct(${arg(0).sql})${name === 'dcountif' ? filter(1) : ''} AS BIGINT)`, type: 'long' };
    case 'percentile':
    case 'percentileif': {
      const p = arg(1);
      const sql = `quantile_cont(${numeric(arg(0))}, ${asNumber(p)} / 100.0)${name === 'percentileif' ? filter(2) : ''}`;
      return { sql, type: 'real' };
    }
    case 'percentiles_array':
    case 'percentiles_arrayif': {
      const last = name === 'percentiles_arrayif' ? args.length - 1 : args.length;
      const ps = [];
      for (let i = 1; i < last; i++) ps.push(`${asNumber(arg(i))} / 100.0`);
      return { sql: `to_json(quantile_cont(${numeric(arg(0))}, [${ps.join(', ')}])${name.endsWith('if') ? filter(last) : ''})`, type: 'dynamic', array: true };
    }
    case 'make_list':
    case 'make_list_if':
    case 'make_set':
    case 'make_set_if': {
      const set = name.startsWith('make_set');
      const conditional = name.endsWith('_if');
      const value = arg(0);
      const limitIndex = conditional ? 2 : 1;
      const cap = args[limitIndex] ? asNumber(arg(limitIndex)) : set && !conditional ? String(makeSetCap) : '1048576';
      const list = `list(${set ? 'DISTINCT ' : ''}${value.sql})${conditional ? filter(1) : ` FILTER (WHERE ${value.sql} IS NOT NULL)`}`;
      return { sql: `to_json(coalesce(list_slice(${list}, 1, ${cap}), []))`, type: 'dynamic', array: true };
    }
    case 'stdev':
    case 'stdevif':
      return { sql: `stddev_samp(${numeric(arg(0))})${name === 'stdevif' ? filter(1) : ''}`, type: 'real' };
    case 'variance':
    case 'varianceif':
      return { sql: `var_samp(${numeric(arg(0))})${name === 'varianceif' ? filter(1) : ''}`, type: 'real' };
    case 'topk':
    case 'topkif': {
      const value = arg(0);
      const k = asNumber(arg(1));
      const histogram = `histogram(${value.sql})${name === 'topkif' ? filter(2) : ''}`;
      const ranked = `list_reverse_sort(list_transform(map_entries(${histogram}), e -> {'count': e.value, 'key': e.key}))`;
      return {
        sql: `to_json(list_transform(list_slice(${ranked}, 1, ${k}), e -> {'key': e.key, 'count': e.count, 'error': 0}))`,
        type: 'dynamic',
        array: true,
      };
    }
    default:
      throw scope.errors.at(call.callee.start, `the aggregation ${name}() is not implemented by this engine`);
  }
}

export { asJson };
