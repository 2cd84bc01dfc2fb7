import assert from 'node:assert/strict';
import { analyzeDocument, type AnalyzedDocument } from '../../../language/analysis/analyzer.ts';
import type { Schema } from '../../../language/analysis/schema.ts';
import type { Node, PipelineNode, TabularOperator } from '../../../language/syntax/ast.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { nodePathAt, walk } from '../../../language/syntax/visit.ts';
import { sampleSchema } from './testSchema.ts';

/** Parses and analyzes query text; `null` analyzes without a schema. The text must parse cleanly. */
export function analyze(text: string, schema: Schema | null = sampleSchema): AnalyzedDocument {
  const parsed = parseDocument(text);
  assert.deepEqual(parsed.errors.map((error) => error.message), [], `syntax errors in: ${text}`);
  return analyzeDocument(parsed, schema ?? undefined);
}

/** Every tabular operator of the document, in source order, subqueries included. */
export function operatorsOf(analysis: AnalyzedDocument): TabularOperator[] {
  const found: TabularOperator[] = [];
  walk(analysis.parsed.root, (node) => {
    if ('nameSpan' in node) found.push(node as TabularOperator);
  });
  return found;
}

/** The last pipeline of the last query. */
export function lastPipeline(analysis: AnalyzedDocument): PipelineNode {
  const statements = analysis.parsed.root.queries.at(-1)?.statements ?? [];
  const last = statements.at(-1);
  assert.ok(last?.kind === 'ExpressionStatement' && last.expression.kind === 'Pipeline', 'the query ends in a pipeline');
  return last.expression;
}

/** The output of the last stage of the last pipeline, as `name:type` strings (`...` when open). */
export function resultColumns(analysis: AnalyzedDocument): string[] {
  const pipeline = lastPipeline(analysis);
  const last = pipeline.operators.at(-1) ?? (pipeline.source as TabularOperator);
  const shape = analysis.outputOf(last);
  assert.ok(shape, 'the last stage was analyzed');
  const columns = shape.columns.map((column) => `${column.name}:${column.type}`);
  return shape.open ? [...columns, '...'] : columns;
}

/** The innermost node of a kind at the `occurrence`-th place `needle` appears in the text. */
export function nodeAt<K extends Node['kind']>(
  analysis: AnalyzedDocument,
  needle: string,
  kind: K,
  occurrence = 0,
): Extract<Node, { kind: K }> {
  const text = analysis.parsed.text;
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `'${needle}' occurs in the text`);
  const path = nodePathAt(analysis.parsed.root, offset);
  const found = path.reverse().find((node) => node.kind === kind && node.start === offset);
  assert.ok(found, `a ${kind} starts at '${needle}'`);
  return found as Extract<Node, { kind: K }>;
}

/** Diagnostics as `severity code "covered text"`. */
export function diagnosticsOf(analysis: AnalyzedDocument): string[] {
  return analysis.diagnostics.map((d) => `${d.severity} ${d.code} "${analysis.parsed.text.slice(d.start, d.end)}"`);
}
