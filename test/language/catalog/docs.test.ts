import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDocument, getDiagnostics, parseDocument, readSchema } from '../../../language/index.ts';
import { aggregations, dataTypes, findFunction, findOperator, operators, scalarFunctions, scalarOperators, summaryOf } from '../../../language/catalog/catalog.ts';
import { writtenDocs } from '../../../language/catalog/docs.generated.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const playground = readSchema(JSON.parse(readFileSync(new URL('./fixtures/playground-schema.json', import.meta.url), 'utf8')));

interface DocumentedEntry {
  key: string;
  /** The Markdown file its section belongs in, relative to language/catalog/docs/. */
  file: string;
  /** Parameter names the section explains (functions only). */
  parameters?: string[];
}

const entries: DocumentedEntry[] = [
  ...operators().map((entry) => ({ key: `operator:${entry.name}`, file: 'operators.md' })),
  ...scalarOperators().map((entry) => ({ key: `scalarOperator:${entry.op}`, file: 'scalar-operators.md' })),
  ...dataTypes().map((entry) => ({ key: `type:${entry.name}`, file: 'types.md' })),
  ...aggregations().map((entry) => ({ key: `aggregation:${entry.name}`, file: 'aggregations.md', parameters: parameterNames(entry.signatures) })),
  ...scalarFunctions().map((entry) => ({ key: `function:${entry.name}`, file: `functions/${entry.category}.md`, parameters: parameterNames(entry.signatures) })),
];

function parameterNames(signatures: readonly { params: readonly { name: string }[] }[]): string[] {
  return [...new Set(signatures.flatMap((signature) => signature.params.map((param) => param.name)))];
}

const documented = entries.filter((entry) => writtenDocs[entry.key] !== undefined);

/** The `apl` code blocks of a section (the generator tags them with the editor's language id). */
function examples(body: string): string[] {
  return [...body.matchAll(/```axiom-apl\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

describe('written documentation', () => {
  it('is generated from the Markdown as it stands', () => {
    execFileSync(process.execPath, ['scripts/generate-docs.mjs', '--check'], { cwd: root, stdio: 'pipe' });
  });

  it('documents only entries the catalog has', () => {
    const known = new Set(entries.map((entry) => entry.key));
    assert.deepEqual(Object.keys(writtenDocs).filter((key) => !known.has(key)), []);
  });

  it('covers every operator, function, aggregation, scalar operator and type', () => {
    const missing = entries.filter((entry) => writtenDocs[entry.key] === undefined);
    assert.deepEqual(missing.map((entry) => `${entry.file}: ${entry.key}`), []);
  });

  it('explains every parameter and the result of each function', () => {
    const problems: string[] = [];
    for (const entry of documented.filter((candidate) => candidate.parameters)) {
      const body = writtenDocs[entry.key]!;
      for (const name of entry.parameters!) if (!body.includes(`- \`${name}\``)) problems.push(`${entry.key}: parameter ${name}`);
      if (!/^Returns\b/m.test(body)) problems.push(`${entry.key}: no line starting "Returns"`);
    }
    assert.deepEqual(problems, []);
  });

  it('reads as documentation for users, not notes about sources', () => {
    const notes = /not documented|the docs\b|the reference (says|page|mentions)|feature table|catalog/i;
    assert.deepEqual(documented.filter((entry) => notes.test(writtenDocs[entry.key]!) || /\bTODO\b/.test(writtenDocs[entry.key]!)).map((entry) => entry.key), []);
  });

  it('gives each entry an example that analyses cleanly against the playground datasets', () => {
    const problems: string[] = [];
    for (const entry of documented) {
      const blocks = examples(writtenDocs[entry.key]!);
      if (blocks.length === 0) problems.push(`${entry.key}: no example`);
      for (const example of blocks) {
        const diagnostics = getDiagnostics(analyzeDocument(parseDocument(example), playground));
        for (const diagnostic of diagnostics.filter((candidate) => candidate.severity === 'error' || candidate.severity === 'warning')) {
          problems.push(`${entry.key}: ${diagnostic.severity} "${diagnostic.message}" in: ${example.replaceAll('\n', ' ')}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('is what hover shows, between the signature and the reference link', () => {
    const strlen = scalarFunctions().find((entry) => entry.name === 'strlen')!;
    assert.ok(strlen.doc.startsWith('```axiom-apl\nstrlen('), strlen.doc);
    assert.ok(strlen.doc.includes(writtenDocs['function:strlen']!));
    assert.ok(strlen.doc.endsWith(`[APL reference: strlen](${strlen.docUrl})`));
  });

  it('gives every operator and function its written first paragraph as its summary', () => {
    for (const [entry, key] of [[findOperator('where')!, 'operator:where'], [findFunction('strlen')!, 'function:strlen'], [findFunction('avg')!, 'aggregation:avg']] as const) {
      const summary = summaryOf(entry);
      assert.equal(summary, writtenDocs[key]!.split('\n\n')[0]!.replaceAll('\n', ' '));
      assert.notEqual(summary, entry.summary, `${key}: the catalog's own summary is a note, not the user's summary`);
    }
  });
});
