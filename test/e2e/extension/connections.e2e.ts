import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { suite, suiteSetup, suiteTeardown, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { NamedConnection } from '../../../client/connectionList.ts';
import type { ConnectionTestResult } from '../../../client/connectionTest.ts';
import type { ResultsModel } from '../../../client/resultsModel.ts';
import { ScriptedPrompts } from './scriptedPrompts.ts';
import type { Annotation, ApiToken, ApiTokenWithSecret } from '../../../client/serviceTypes.ts';
import { callService, connectToService, eventually, extensionApi, openAplFile, service, testingApi } from './support.ts';

const connectionsSetting = () => vscode.workspace.getConfiguration('apl').get<NamedConnection[]>('connections') ?? [];
const treeDatasets = async () => (await testingApi()).datasetsTree().map((each) => each.dataset.name);

suite('Named connections and the Datasets explorer', () => {
  let deadUrl: string;

  suiteSetup(async () => {
    await connectToService();
    deadUrl = `http://127.0.0.1:${await freePort()}`;
  });
  teardown(async () => (await testingApi()).usePrompts(undefined));
  // The other suites use the single connection on apl.service.url: put it back.
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('apl').update('connections', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('apl.switchConnection', 'local');
    await vscode.commands.executeCommand('apl.setToken', service.token, 'local');
  });

  test('Add Connection through its prompts stores it, makes it active and Test Connection says it works', async () => {
    const prompts = new ScriptedPrompts([
      { title: 'service', pick: ['Other service…'] },
      { title: 'name', input: 'e2e-second', rejects: ['local', 'two words', ''] },
      { title: 'URL', input: service.url, rejects: ['ftp://x', 'not a url'] },
      { title: 'org id', input: 'local' },
      { title: 'token', input: service.token, rejects: ['secret'] },
    ]);
    (await testingApi()).usePrompts(prompts);
    const added = await vscode.commands.executeCommand<NamedConnection | undefined>('apl.addConnection');
    assert.deepEqual(prompts.problems, []);
    assert.equal(prompts.remaining, 0);
    assert.deepEqual(added, { name: 'e2e-second', url: service.url, orgId: 'local' });
    assert.ok(prompts.offered.get('APL: add connection: service')?.includes('Axiom'), 'the public service is a preset');

    const stored = connectionsSetting();
    assert.deepEqual(stored.map((each) => each.name), ['local', 'e2e-second'], 'the implicit local connection is kept, then the new one');
    assert.ok(!JSON.stringify(stored).includes(service.token), 'no token in the settings');

    const tested = await vscode.commands.executeCommand<ConnectionTestResult>('apl.testConnection');
    assert.equal(tested.ok, true, tested.message);
    assert.ok(tested.ok && tested.datasets >= 2);
  });

  test('switching to an unreachable connection empties the tree; Test Connection says why; switching back fills it', async () => {
    await vscode.commands.executeCommand('apl.addConnection', { name: 'e2e-dead', url: deadUrl, orgId: '', token: 'xaat-e2e-dead' });
    await eventually('an empty tree on the dead connection', async () => ((await treeDatasets()).length === 0 ? true : undefined));
    const tested = await vscode.commands.executeCommand<ConnectionTestResult>('apl.testConnection', 'e2e-dead');
    assert.equal(tested.ok, false);
    assert.match(tested.message, /could not reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);

    const schema = await vscode.commands.executeCommand('apl.switchConnection', 'e2e-second');
    assert.equal(schema, 'e2e-second');
    const tree = await eventually('the demo datasets in the tree', async () => {
      const drawn = (await testingApi()).datasetsTree();
      return drawn.some((each) => each.dataset.name === 'sample-http-logs') ? drawn : undefined;
    });
    assert.ok(tree.some((each) => each.dataset.name === 'otel-demo-traces'));
    const fields = tree.find((each) => each.dataset.name === 'sample-http-logs')!.fields;
    const city = fields.find((each) => each.name === 'geo.city');
    assert.deepEqual(city && { kind: city.kind, type: 'type' in city ? city.type : undefined }, { kind: 'field', type: 'string' });
  });

  test('a file naming its connection on the first line runs there, whatever is active', async () => {
    await vscode.commands.executeCommand('apl.switchConnection', 'e2e-second');
    const dead = await openAplFile('on-dead.apl', "// connection: e2e-dead\n['sample-http-logs'] | count\n");
    const failed = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', dead.document.uri, 1);
    assert.equal(failed, undefined, 'the run went to the unreachable connection');

    await vscode.commands.executeCommand('apl.switchConnection', 'e2e-dead');
    const live = await openAplFile('on-second.apl', "// connection: e2e-second\n['sample-http-logs'] | count\n");
    const model = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', live.document.uri, 1);
    assert.ok(model, 'the run went to e2e-second although e2e-dead is active');
    assert.ok(Number(model.matches.rows[0]?.[0]) > 0);
  });

  test('clicking a field inserts its name, bracket-quoted when needed; New Query opens on the dataset', async () => {
    await vscode.commands.executeCommand('apl.switchConnection', 'e2e-second');
    const tree = await eventually('the tree', async () => {
      const drawn = (await testingApi()).datasetsTree();
      return drawn.some((each) => each.dataset.name === 'sample-http-logs') ? drawn : undefined;
    });
    const logs = tree.find((each) => each.dataset.name === 'sample-http-logs')!;
    const editor = await openAplFile('insert.apl', "['sample-http-logs'] | project \n");
    const end = editor.document.lineAt(0).range.end;
    editor.selection = new vscode.Selection(end, end);
    await vscode.commands.executeCommand('apl.explorer.insertName', logs.fields.find((each) => each.name === 'geo.city'));
    await vscode.commands.executeCommand('apl.explorer.insertName', logs.fields.find((each) => each.name === 'status'));
    assert.equal(editor.document.lineAt(0).text, "['sample-http-logs'] | project ['geo.city']status");

    const opened = await vscode.commands.executeCommand<vscode.TextEditor>('apl.explorer.newQuery', logs.dataset);
    assert.equal(opened.document.languageId, 'axiom-apl');
    assert.match(opened.document.getText(), /^\['sample-http-logs'\]\n\| where _time > ago\(1h\)/);
  });

  test("a workspace setting names the connection the workspace starts on; a file's own line still wins", async () => {
    const setting = vscode.workspace.getConfiguration('apl');
    const listed = connectionsSetting();
    const activeBefore = (await testingApi()).activeConnection();
    const plain = await openAplFile('plain.apl', "['sample-http-logs'] | count\n");
    try {
      await vscode.commands.executeCommand('apl.addConnection', { name: 'e2e-ws-live', url: service.url, orgId: 'local', token: service.token });
      await vscode.commands.executeCommand('apl.addConnection', { name: 'e2e-ws-dead', url: deadUrl, orgId: '', token: 'xaat-e2e-dead' });
      await vscode.commands.executeCommand('apl.switchConnection', 'e2e-ws-live');
      await setting.update('defaultConnection', 'e2e-ws-dead', vscode.ConfigurationTarget.Workspace);
      await eventually('the workspace default to take over', async () => ((await testingApi()).activeConnection() === 'e2e-ws-dead' ? true : undefined));
      const failed = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', plain.document.uri, 0);
      assert.equal(failed, undefined, 'the run went to the workspace default, which is unreachable');
      const named = await openAplFile('named.apl', "// connection: e2e-ws-live\n['sample-http-logs'] | count\n");
      assert.ok(await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', named.document.uri, 1), "the file's own line wins");

      await setting.update('defaultConnection', 'e2e-ws-live', vscode.ConfigurationTarget.Workspace);
      await eventually('the new default to take over', async () => ((await testingApi()).activeConnection() === 'e2e-ws-live' ? true : undefined));
      assert.ok(await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', plain.document.uri, 0));
    } finally {
      await setting.update('defaultConnection', undefined, vscode.ConfigurationTarget.Workspace);
      await setting.update('connections', listed.length ? listed : undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('apl.switchConnection', activeBefore);
    }
  });

  test('Remove Connection drops it and its token; the active one falls back to the first', async () => {
    await vscode.commands.executeCommand('apl.switchConnection', 'e2e-dead');
    assert.equal(await vscode.commands.executeCommand('apl.removeConnection', 'e2e-dead'), 'e2e-dead');
    assert.deepEqual(connectionsSetting().map((each) => each.name), ['local', 'e2e-second']);
    const api = await extensionApi();
    const schema = await eventually('the schema of the first connection', async () => {
      const fetched = await api.refreshSchema();
      return fetched?.datasets.length ? fetched : undefined;
    });
    assert.ok(schema.datasets.some((each) => each.name === 'sample-http-logs'), 'local is active again and has the token it had');
  });

  test('the Annotations view lists a dataset\'s annotations and edits and deletes them', async () => {
    const created = await callService('POST', '/v2/annotations', { datasets: ['sample-http-logs'], type: 'deploy', title: 'view e2e', time: '2026-11-20T10:00:00Z' });
    assert.ok(created.status === 200 || created.status === 201, JSON.stringify(created.body));
    const id = (created.body as Annotation).id;
    const testing = await testingApi();
    const node = (await testing.annotationsOf('sample-http-logs')).find((each) => each.kind === 'annotation' && each.annotation.id === id);
    assert.ok(node, 'the view lists the new annotation');

    const prompts = new ScriptedPrompts([
      { title: 'type', input: 'release' },
      { title: 'title', input: 'edited in the view' },
      { title: 'description', input: '' },
      { title: 'URL', input: '' },
      { title: 'time', input: '' },
      { title: 'end time', input: '' },
    ]);
    testing.usePrompts(prompts);
    await vscode.commands.executeCommand('apl.annotations.edit', node);
    assert.deepEqual(prompts.problems, []);
    const stored = (await callService('GET', `/v2/annotations/${id}`)).body as Annotation;
    assert.deepEqual({ type: stored.type, title: stored.title, time: new Date(stored.time!).toISOString() }, { type: 'release', title: 'edited in the view', time: '2026-11-20T10:00:00.000Z' });

    assert.equal(await vscode.commands.executeCommand('apl.annotations.delete', node, true), id);
    assert.equal((await callService('GET', `/v2/annotations/${id}`)).status, 404);
    assert.ok(!(await testing.annotationsOf('sample-http-logs')).some((each) => each.kind === 'annotation' && each.annotation.id === id));
  });

  test('the API Tokens view lists tokens, regenerates and deletes one', async () => {
    const created = await callService('POST', '/v2/tokens', { name: 'view e2e token', description: '', expiresAt: null, datasetCapabilities: {}, orgCapabilities: { datasets: ['read'] } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = (created.body as ApiTokenWithSecret).id;
    const testing = await testingApi();
    const listed = (await testing.apiTokens()).find((each: ApiToken) => each.id === id);
    assert.ok(listed, 'the view lists the new token');

    const prompts = new ScriptedPrompts([
      { title: 'old secret', pick: ['Now'] },
      { title: 'new secret expires', pick: ['Never'] },
      { notice: /regenerated/ },
    ]);
    testing.usePrompts(prompts);
    const regenerated = await vscode.commands.executeCommand<ApiTokenWithSecret | undefined>('apl.apiTokens.regenerate', listed);
    assert.deepEqual(prompts.problems, []);
    assert.equal(prompts.remaining, 0, 'the token the item stands for was regenerated without a pick');
    assert.ok(regenerated, 'the command gives the regenerated token');
    assert.equal(regenerated.name, 'view e2e token');

    const current = (await testing.apiTokens()).find((each: ApiToken) => each.id === regenerated.id);
    assert.ok(current, 'the view lists the regenerated token');
    assert.equal(await vscode.commands.executeCommand('apl.apiTokens.delete', current, true), current.id);
    assert.ok(!((await callService('GET', '/v2/tokens')).body as ApiToken[]).some((each) => each.id === current.id), 'the service no longer has it');
    assert.ok(!(await testing.apiTokens()).some((each) => each.id === current.id));
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
