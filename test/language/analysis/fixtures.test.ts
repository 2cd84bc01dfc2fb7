/**
 * Fixture tests: real query text in `fixtures/*.apl`, with expectations in comment lines.
 *
 *   // schema: none                    analyze without a schema (default: fixtures/schema.json)
 *   // columns: a:string, b:long       output of the operator that ends just before this line;
 *   // columns: a:string, ...          a trailing `...` means the table is open
 *   // expect: error unknown-column "foo"
 *                                      a diagnostic with this severity and code covering exactly
 *                                      the quoted text, located before the comment; an optional
 *                                      `: fragment` after the quote must appear in its message
 *
 * Every diagnostic of a query must be expected. Queries are separated by blank lines, as in
 * a document. The fixtures must parse without syntax errors.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { analyzeDocument, type AnalyzedDocument } from '../../../language/analysis/analyzer.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { Node, QueryNode, TabularOperator } from '../../../language/syntax/ast.ts';
import type { Diagnostic } from '../../../language/types.ts';
import { sampleSchema } from './testSchema.ts';

const fixtureDirectory = new URL('./fixtures/', import.meta.url);
const fixtureFiles = readdirSync(fixtureDirectory).filter((file) => file.endsWith('.apl')).sort();
const parserReady = parseDocument('print x = 1').root.queries.length > 0;

interface Directive {
  kind: 'schema' | 'columns' | 'expect';
  body: string;
  offset: number;
  line: number;
}

function directives(text: string): Directive[] {
  const found: Directive[] = [];
  let offset = 0;
  text.split('\n').forEach((line, index) => {
    const match = /^\s*\/\/\s*(schema|columns|expect):\s*(.*?)\s*$/.exec(line);
    if (match) found.push({ kind: match[1] as Directive['kind'], body: match[2], offset, line: index + 1 });
    offset += line.length + 1;
  });
  return found;
}

/** Every tabular operator in a subtree, nested subqueries included. */
function operatorsIn(node: unknown, found: TabularOperator[] = []): TabularOperator[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const item of node) operatorsIn(item, found);
    return found;
  }
  const candidate = node as Node;
  if ('nameSpan' in candidate) found.push(candidate as TabularOperator);
  for (const value of Object.values(candidate)) if (value && typeof value === 'object') operatorsIn(value, found);
  return found;
}

function describeShape(analysis: AnalyzedDocument, operator: TabularOperator): string {
  const shape = analysis.outputOf(operator);
  if (!shape) return '(not analyzed)';
  const columns = shape.columns.map((column) => `${column.name}:${column.type}`);
  if (shape.open) columns.push('...');
  return columns.join(', ');
}

function checkColumns(directive: Directive, query: QueryNode, analysis: AnalyzedDocument, failures: string[]): void {
  const candidates = operatorsIn(query).filter((operator) => operator.end <= directive.offset);
  // The operator ending last before the comment; on a tie the outer one.
  candidates.sort((a, b) => b.end - a.end || a.start - b.start);
  const operator = candidates[0];
  if (!operator) {
    failures.push(`line ${directive.line}: no operator before this columns comment`);
    return;
  }
  const actual = describeShape(analysis, operator);
  const expected = directive.body.split(',').map((part) => part.trim()).join(', ');
  if (actual !== expected) failures.push(`line ${directive.line}: columns\n    expected ${expected}\n    actual   ${actual}`);
}

function checkDiagnostics(text: string, expects: Directive[], diagnostics: Diagnostic[], failures: string[]): void {
  const unmatched = diagnostics.slice();
  for (const directive of expects) {
    const match = /^(error|warning|information|hint)\s+(\S+)\s+"([^"]*)"(?:\s*:\s*(.*))?$/.exec(directive.body);
    if (!match) {
      failures.push(`line ${directive.line}: cannot read expectation '${directive.body}'`);
      continue;
    }
    const [, severity, code, covered, fragment] = match;
    const index = unmatched.findIndex(
      (diagnostic) =>
        diagnostic.start < directive.offset &&
        diagnostic.code === code &&
        diagnostic.severity === severity &&
        text.slice(diagnostic.start, diagnostic.end) === covered &&
        (!fragment || diagnostic.message.includes(fragment)),
    );
    if (index < 0) failures.push(`line ${directive.line}: missing ${directive.body}`);
    else unmatched.splice(index, 1);
  }
  for (const diagnostic of unmatched) {
    const line = diagnostic.range.start.line + 1;
    failures.push(`line ${line}: unexpected ${diagnostic.severity} ${diagnostic.code} "${text.slice(diagnostic.start, diagnostic.end)}": ${diagnostic.message}`);
  }
}

describe('analyzer fixtures', { skip: parserReady ? false : 'parseDocument does not build queries yet' }, () => {
  for (const file of fixtureFiles) {
    it(file, () => {
      const text = readFileSync(new URL(file, fixtureDirectory), 'utf8');
      const all = directives(text);
      const noSchema = all.some((directive) => directive.kind === 'schema' && directive.body === 'none');
      const parsed = parseDocument(text);
      assert.deepEqual(parsed.errors.map((error) => `${error.start}: ${error.message}`), [], 'fixtures parse cleanly');
      const analysis = analyzeDocument(parsed, noSchema ? undefined : sampleSchema);
      const failures: string[] = [];
      const queries = parsed.root.queries;
      for (const directive of all.filter((d) => d.kind === 'columns')) {
        const query = queries.filter((candidate) => candidate.start <= directive.offset).at(-1);
        if (query) checkColumns(directive, query, analysis, failures);
        else failures.push(`line ${directive.line}: no query before this comment`);
      }
      checkDiagnostics(text, all.filter((d) => d.kind === 'expect'), analysis.diagnostics, failures);
      assert.deepEqual(failures, [], `${file}:\n${failures.join('\n')}`);
    });
  }
});
