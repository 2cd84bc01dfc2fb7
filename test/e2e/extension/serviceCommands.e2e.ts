import * as assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { Annotation, ApiTokenWithSecret } from '../../../client/serviceTypes.ts';
import { ScriptedPrompts } from './scriptedPrompts.ts';
import { callService, connectToService, eventually, testingApi } from './support.ts';

suite('Service commands with their prompts', () => {
  suiteSetup(connectToService);
  teardown(async () => (await testingApi()).usePrompts(undefined));

  test('Add Annotation asks for datasets, type, title, description, URL and times', async () => {
    const prompts = new ScriptedPrompts([
      { title: 'datasets', pick: ['sample-http-logs'] },
      { title: 'type', input: 'release', rejects: ['Not Valid', ''] },
      { title: 'title', input: 'Release 1.2.3' },
      { title: 'description', input: 'rolled out by the e2e test' },
      { title: 'URL', input: 'https://example.invalid/releases/1.2.3', rejects: ['not a url'] },
      { title: 'time', input: '2026-11-20T10:00:00Z', rejects: ['yesterday'] },
      { title: 'end time', input: '' },
    ]);
    (await testingApi()).usePrompts(prompts);
    const created = await vscode.commands.executeCommand<Annotation | undefined>('apl.addAnnotation');
    assert.deepEqual(prompts.problems, []);
    assert.equal(prompts.remaining, 0);
    assert.ok(created, 'the command gives the created annotation');
    assert.ok(prompts.offered.get('APL: add annotation: datasets')?.includes('otel-demo-traces'), 'every dataset is offered');

    const listed = await callService('GET', '/v2/annotations?datasets=sample-http-logs');
    assert.equal(listed.status, 200);
    const stored = (listed.body as Annotation[]).find((each) => each.id === created.id);
    assert.ok(stored, 'the service has it');
    assert.deepEqual(
      { datasets: stored.datasets, type: stored.type, title: stored.title, description: stored.description, url: stored.url, time: new Date(stored.time!).toISOString() },
      { datasets: ['sample-http-logs'], type: 'release', title: 'Release 1.2.3', description: 'rolled out by the e2e test', url: 'https://example.invalid/releases/1.2.3', time: '2026-11-20T10:00:00.000Z' },
    );
  });

  test('Create API Token grants what was picked, and its secret works once shown', async () => {
    const prompts = new ScriptedPrompts([
      { title: 'name', input: 'e2e reader', rejects: ['  '] },
      { title: 'description', input: 'reads sample-http-logs' },
      { title: 'expires', pick: ['In 7 days'] },
      { title: 'datasets', pick: ['sample-http-logs'] },
      { title: 'dataset capabilities', pick: ['query:read'] },
      { title: 'org capabilities', pick: [] },
      { notice: /API token "e2e reader" created/ },
    ]);
    (await testingApi()).usePrompts(prompts);
    const created = await vscode.commands.executeCommand<ApiTokenWithSecret | undefined>('apl.createApiToken');
    assert.deepEqual(prompts.problems, []);
    assert.ok(created, 'the command gives the created token');
    assert.equal(created.name, 'e2e reader');
    assert.deepEqual(created.datasetCapabilities, { 'sample-http-logs': { query: ['read'] } });
    const expires = Date.parse(created.expiresAt ?? '');
    assert.ok(Math.abs(expires - (Date.now() + 7 * 86_400_000)) < 3_600_000, `expires in 7 days: ${created.expiresAt}`);
    const notice = await eventually('the notice of the created token', () => prompts.notices[0], 5000);
    // The secret, then its own line: a secret may end in '-', after which a word boundary never comes.
    assert.ok(notice.detail?.startsWith(`${created.token}\n`), `the secret is shown in the notice: ${notice.detail}`);

    const query = { apl: "['sample-http-logs'] | count" };
    assert.equal((await callService('POST', '/v1/datasets/_apl?format=tabular', query, created.token)).status, 200, 'the new token may query');
    const other = await callService('POST', '/v1/datasets/_apl?format=tabular', { apl: "['otel-demo-traces'] | count" }, created.token);
    assert.ok(other.status >= 400 && other.status < 500, `but not the other dataset (got ${other.status})`);
    assert.match(JSON.stringify(other.body), /otel-demo-traces/, 'the refusal names the dataset');
  });

  test('cancelling a prompt creates nothing', async () => {
    const before = await callService('GET', '/v2/tokens');
    const prompts = new ScriptedPrompts([
      { title: 'name', input: 'never made' },
      { title: 'description', input: '' },
      { cancel: 'expires' },
    ]);
    (await testingApi()).usePrompts(prompts);
    const created = await vscode.commands.executeCommand('apl.createApiToken');
    assert.deepEqual(prompts.problems, []);
    assert.equal(prompts.remaining, 0);
    assert.equal(created, undefined);
    const after = await callService('GET', '/v2/tokens');
    assert.equal((after.body as unknown[]).length, (before.body as unknown[]).length);
  });
});
