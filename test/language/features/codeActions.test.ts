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
  const [action] = getCodeActions(analyzed, getDiagnostics(analyzed), { start: position, end: position }).filter((candidate) => candidate.kind === 'quickfix');
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
    const actions = (text: string) => getCodeActions(analyzeDocument(parseDocument(text)), [], { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }).filter((action) => action.kind === 'refactor');
    const text = "['sample-http-logs'] | summarize count() by method";
    const [oneLine] = actions(text);
    assert.equal(oneLine?.title, 'Add a time filter (the last hour)');
    assert.equal(TextDocument.applyEdits(TextDocument.create('file:///q.apl', 'axiom-apl', 1, text), oneLine!.edits), "['sample-http-logs'] | where _time > ago(1h) | summarize count() by method");
    assert.deepEqual(actions("['sample-http-logs'] | where _time between (ago(1d) .. now()) | count"), []);
    assert.deepEqual(actions('print x = 1'), []);
  });
});

describe('name this column', () => {
  /** The document after the "Name this column" action at the first occurrence of `at`, and its title. */
  function named(text: string, at: string): { title: string; text: string } | undefined {
    const parsed = parseDocument(text);
    const analyzed = analyzeDocument(parsed, schema);
    const position = parsed.lineIndex.positionAt(text.indexOf(at));
    const action = getCodeActions(analyzed, getDiagnostics(analyzed), { start: position, end: position }).find((candidate) => candidate.title.startsWith('Name this column'));
    if (!action) return undefined;
    return { title: action.title, text: TextDocument.applyEdits(TextDocument.create('file:///q.apl', 'axiom-apl', 1, text), action.edits) };
  }

  it('writes out the name the analyzer gives an unnamed extend, project or summarize column, and only there', () => {
    assert.deepEqual(named("['sample-http-logs'] | extend strlen(status)", 'strlen'), {
      title: "Name this column 'Column1'",
      text: "['sample-http-logs'] | extend Column1 = strlen(status)",
    });
    assert.equal(named("['sample-http-logs'] | extend a = 1, strlen(method)", 'method')?.text, "['sample-http-logs'] | extend a = 1, Column2 = strlen(method)");
    assert.equal(named("['sample-http-logs'] | project status, toupper(method)", 'toupper')?.text, "['sample-http-logs'] | project status, Column2 = toupper(method)");
    assert.deepEqual(named("['sample-http-logs'] | summarize dcount(method) by status", 'dcount'), {
      title: "Name this column 'dcount_method'",
      text: "['sample-http-logs'] | summarize dcount_method = dcount(method) by status",
    });
    assert.equal(named("['sample-http-logs'] | summarize count(), count()", 'count(), c')?.text, "['sample-http-logs'] | summarize count_ = count(), count()");
    assert.equal(named("['sample-http-logs'] | summarize count() by bin(_time, 1h)", 'bin')?.text, "['sample-http-logs'] | summarize count() by _time = bin(_time, 1h)");
  });

  it('quotes a name that is not an identifier', () => {
    assert.equal(named("['sample-http-logs'] | summarize make_set(['geo.city'])", 'make_set')?.text, "['sample-http-logs'] | summarize ['make_set_geo.city'] = make_set(['geo.city'])");
    // Nothing on a named column, or on a bare one, which says its name already.
    assert.equal(named("['sample-http-logs'] | extend n = strlen(status)", 'strlen'), undefined);
    assert.equal(named("['sample-http-logs'] | project status", 'status'), undefined);
    assert.equal(named("['sample-http-logs'] | summarize count() by status", 'status'), undefined);
  });
});
