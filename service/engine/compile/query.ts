import type { PipelineNode, QueryNode } from '../../../language/index.ts';
import type { CompileEnvironment } from './pipeline.ts';
import { PipelineCompiler } from './pipeline.ts';
import { compileExpression } from './expressions.ts';
import type { Stage } from './stage.ts';

/** Tabular expressions a `let` may bind: anything whose first word is a dataset or a source operator. */
function isTabular(value: import('../../../language/index.ts').Expression, tabularNames: Set<string>): boolean {
  if (value.kind === 'Pipeline') return true;
  if (value.kind === 'Paren') return isTabular(value.expression, tabularNames);
  return value.kind === 'Name' && tabularNames.has(value.name);
}

/** Compiles one query (its `let` statements and final tabular expression) to a stage. */
export function compileQuery(query: QueryNode, env: CompileEnvironment, datasetNames: ReadonlySet<string>): { stage: Stage; datasets: Set<string> } {
  const compiler = new PipelineCompiler(env);
  const tabularNames = new Set(datasetNames);
  let result: Stage | undefined;
  for (const statement of query.statements) {
    if (statement.kind === 'SetStatement') {
      // The set-statement page documents one option; another would be silently ignored.
      if (statement.name.name.toLowerCase() !== 'stricttypes') throw env.errors.at(statement.name.start, `set ${statement.name.name}: the only query option this engine follows is stricttypes`, 'semantic');
      compiler.strictTypes = !(statement.value?.kind === 'Literal' && statement.value.value === false);
      continue;
    }
    if (statement.kind === 'LetStatement') {
      const name = statement.name.name;
      if (isTabular(statement.value, tabularNames)) {
        compiler.lets.set(name, { kind: 'table', pipeline: statement.value as PipelineNode });
        tabularNames.add(name);
      } else {
        compiler.lets.set(name, { kind: 'scalar', value: compileExpression(statement.value, compiler.scope([])) });
        tabularNames.delete(name);
      }
      continue;
    }
    result = compiler.tabular(statement.expression);
  }
  if (!result) throw env.errors.at(query.end, 'the query has no tabular expression to run', 'semantic');
  return { stage: result, datasets: compiler.datasets };
}
