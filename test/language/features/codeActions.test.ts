import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { getCodeActions } from '../../../language/features/codeActions.ts';
import { getDiagnostics } from '../../../language/features/diagnostics.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { Schema } from '../../../language/index.ts';

const schema: Schema = {
  datasets: [
    { name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }, { name: 'geo.city', type: 'string' }, { name: 'method', type: 'string' }] },
  ],
};

/** The document after the preferred fix at the first occurrence of `at`. */
function fixed(text: string, at: string): { title: string; text: string } | undefined {
  const parsed = parseDocument(text);
  const analyzed = analyzeDocument(parsed, schema);
  const offset = text.indexOf(at);
  const position = parsed.lineIndex.positionAt(offset);
  const [action] = getCodeActions(parsed, getDiagnostics(analyzed), { start: position, end: position }).filter((candidate) => candidate.kind === 'quickfix');
  if (!action) return undefined;
  return { title: action.title, text: TextDocument.applyEdits(TextDocument.create('file:///q.apl', 'axiom-apl', 1, text), action.edits) };
}

describe('quick fixes', () => {
  it('put the suggested column, function or dataset in place of a misspelt one', () => {
    assert.deepEqual(fixed("['sample-http-logs'] | where stauts == '500'", 'stauts'), { title: "Change to 'status'", text: "['sample-http-logs'] | where status == '500'" });
    assert.equal(fixed("['sample-http-logs'] | summarize cuont() by method", 'cuont')?.text, "['sample-http-logs'] | summarize count() by method");
    assert.equal(fixed("['sample-http-log'] | count", 'sample')?.text, "['sample-http-logs'] | count");
    assert.equal(fixed("['sample-http-logs'] | summarize agv(todouble(status))", 'agv')?.text, "['sample-http-logs'] | summarize avg(todouble(status))");
    assert.equal(fixed("['sample-http-logs'] | where agv(1d) > now()", 'agv')?.text, "['sample-http-logs'] | where ago(1d) > now()");
    assert.deepEqual(fixed("['sample-http-logs'] | wher status == '500'", 'wher'), { title: "Change to 'where'", text: "['sample-http-logs'] | where status == '500'" });
  });

  it('write the name in brackets where the source did or where it is not an identifier', () => {
    assert.equal(fixed("['sample-http-logs'] | where ['geo.cty'] == 'Paris'", 'geo.cty')?.text, "['sample-http-logs'] | where ['geo.city'] == 'Paris'");
    assert.equal(fixed("['sample-http-logs'] | where ['metod'] == 'GET'", 'metod')?.text, "['sample-http-logs'] | where ['method'] == 'GET'");
  });

  it('keep a word argument a string, in its own quotes', () => {
    assert.deepEqual(fixed('print d = datetime_diff("mnth", now(), ago(1d))', 'mnth'), { title: "Change to 'month'", text: 'print d = datetime_diff("month", now(), ago(1d))' });
    assert.equal(fixed("print t = datetime_add(@'huor', 1, now())", 'huor')?.text, "print t = datetime_add(@'hour', 1, now())");
  });

  it('offer nothing where there is no likely name, or away from the diagnostic', () => {
    assert.equal(fixed("['sample-http-logs'] | where zzzzzz == 1", 'zzzzzz'), undefined);
    assert.equal(fixed("['sample-http-logs'] | where stauts == '500'", 'where'), undefined);
  });

  it('add a time filter after the dataset of a query that has none', () => {
    const actions = (text: string) => getCodeActions(parseDocument(text), [], { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }).filter((action) => action.kind === 'refactor');
    const text = "['sample-http-logs'] | summarize count() by method";
    const [oneLine] = actions(text);
    assert.equal(oneLine?.title, 'Add a time filter (the last hour)');
    assert.equal(TextDocument.applyEdits(TextDocument.create('file:///q.apl', 'axiom-apl', 1, text), oneLine!.edits), "['sample-http-logs'] | where _time > ago(1h) | summarize count() by method");
    assert.deepEqual(actions("['sample-http-logs'] | where _time between (ago(1d) .. now()) | count"), []);
    assert.deepEqual(actions('print x = 1'), []);
  });
});
