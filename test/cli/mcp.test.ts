/**
 * `apl mcp` as an assistant starts it: the built CLI in a process of its own, driven over stdio by
 * the MCP SDK's own client, against the built `apl serve --demo` on a loopback port.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cli, startCliService, stopCliService, type CliService } from '../service/cliService.ts';

const token = 'xapt-mcp-test';

/** `apl mcp` with these arguments and environment (and PATH), connected to the SDK's client. */
async function connectMcp(args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'apl-mcp-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'ignore' }),
  );
  return client;
}

/** A tool call's text content, and whether it is a tool error. */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''), isError: result.isError === true };
}

describe('apl mcp driven by the MCP client against apl serve --demo', { timeout: 180_000 }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-mcp-'));
  let service: CliService;
  let client: Client;

  before(async () => {
    service = await startCliService(['--data', path.join(folder, 'data'), '--demo', '--demo-events', '3000'], { ...process.env, APL_ADMIN_TOKEN: token });
    await service.line(/^demo datasets created/);
    // The local admin token, as `apl serve` users have it; no AXIOM_TOKEN.
    client = await connectMcp(['--max-chars', '8000'], { HOME: folder, APL_ADMIN_TOKEN: token, AXIOM_URL: service.url });
  });
  after(async () => {
    await client?.close();
    if (service) await stopCliService(service);
    rmSync(folder, { recursive: true, force: true });
  });

  const call = (name: string, args: Record<string, unknown>) => callTool(client, name, args);

  it('offers the five tools, each with an input schema and a description', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['check_apl', 'explain_apl', 'get_dataset_schema', 'list_datasets', 'run_apl']);
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 60, tool.name);
      assert.equal(tool.inputSchema.type, 'object');
    }
    const run = tools.find((tool) => tool.name === 'run_apl')!;
    assert.deepEqual(run.inputSchema.required, ['apl']);
  });

  it('list_datasets names the demo datasets with descriptions and event counts', async () => {
    const { text, isError } = await call('list_datasets', { event_counts: true });
    assert.equal(isError, false, text);
    assert.match(text, /\| sample-http-logs \| Synthetic web-server access log[^|]*\| 3000 \|/);
    assert.match(text, /\| otel-demo-traces \|/);
  });

  it('get_dataset_schema gives fields and types with sample values, and a near miss for an unknown dataset', async () => {
    const schema = await call('get_dataset_schema', { dataset: 'sample-http-logs', sample_values: 2 });
    assert.equal(schema.isError, false, schema.text);
    assert.match(schema.text, /\| geo\.city \| string \|/);
    assert.match(schema.text, /\| req_duration_ms \| (float|real) \|/);
    assert.match(schema.text, /\| method \| string \| [^|]*\| (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)/);
    const unknown = await call('get_dataset_schema', { dataset: 'sample-http-log' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /No dataset named 'sample-http-log'\. Did you mean 'sample-http-logs'\?/);
  });

  it('check_apl points at a misspelt column with its position and the suggestion, and gives a valid query’s output columns', async () => {
    const misspelt = await call('check_apl', { apl: "['sample-http-logs']\n| where stauts == '500'" });
    assert.equal(misspelt.isError, false);
    assert.match(misspelt.text, /line 2, column 9: error \[unknown-column\]: Unknown column 'stauts'\. Did you mean 'status'\?$/m);
    const valid = await call('check_apl', { apl: "['sample-http-logs'] | summarize requests = count(), avg(req_duration_ms) by method" });
    assert.match(valid.text, /^The query is valid\./);
    assert.match(valid.text, /Output columns:\nmethod: string, requests: long, avg_req_duration_ms: real/);
  });

  it('run_apl answers a table with the status, over the time range given', async () => {
    const { text, isError } = await call('run_apl', { apl: "['sample-http-logs'] | summarize n = count() by method | sort by method asc", since: '8d' });
    assert.equal(isError, false, text);
    assert.match(text, /3,000 rows examined, 3,000 matched/);
    assert.match(text, /\| method \| n \|\n\| --- \| --- \|\n\| \w+ \| \d+ \|/);
    const total = [...text.matchAll(/^\| [A-Z]+ \| (\d+) \|$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    assert.equal(total, 3000);
  });

  it('run_apl refuses a query with errors as a tool error with positions and suggestions, without running it', async () => {
    const { text, isError } = await call('run_apl', { apl: "['sample-http-logs'] | summarize count() by methd", since: '8d' });
    assert.equal(isError, true);
    assert.match(text, /^Not run: The query has 1 error:\n- line 1, column 45: error \[unknown-column\]: Unknown column 'methd'\. Did you mean 'method'\?$/m);
    assert.doesNotMatch(text, /rows examined/);
    const syntax = await call('run_apl', { apl: "['sample-http-logs'] | where (status == " });
    assert.equal(syntax.isError, true);
    assert.match(syntax.text, /line 1, column \d+: error \[syntax\]/);
  });

  it('run_apl cuts a huge result to max_rows and to the character budget, and says so', async () => {
    const capped = await call('run_apl', { apl: "['sample-http-logs'] | project method, status", since: '8d', max_rows: 20, format: 'csv' });
    assert.equal(capped.isError, false, capped.text);
    assert.equal(capped.text.match(/^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS),/gm)?.length, 20);
    assert.match(capped.text, /Truncated: the first 20 rows; there are more \(max_rows is 20\)/);
    const wide = await call('run_apl', { apl: "['sample-http-logs']", since: '8d', max_rows: 500 });
    assert.equal(wide.isError, false, wide.text);
    assert.ok(wide.text.length <= 8000, `${wide.text.length} characters`);
    assert.match(wide.text, /Truncated: \d+ rows shown of more than 500 \(cut to stay under 8,000 characters/);
  });

  it('explain_apl gives the reference of what a query uses; the reference pages are resources', async () => {
    const { text } = await call('explain_apl', { apl: "['sample-http-logs'] | where uri has 'api' | summarize count() by bin_auto(_time)" });
    assert.deepEqual([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]), [
      'operator `where`',
      'scalar operator `has`',
      'operator `summarize`',
      'function `count`',
      'function `bin_auto`',
    ]);
    const { resources } = await client.listResources();
    assert.ok(resources.some((resource) => resource.uri === 'apl://reference/operators/summarize'));
    assert.ok(resources.some((resource) => resource.uri === 'apl://reference/functions/bin_auto'));
    const page = await client.readResource({ uri: 'apl://reference/operators/summarize' });
    assert.match(JSON.stringify(page.contents[0]), /summarize/);
    const prompt = await client.getPrompt({ name: 'apl_idioms', arguments: {} });
    assert.match(JSON.stringify(prompt.messages), /bin_auto\(_time\)/);
  });

  it('a bad argument is a tool error, not a protocol failure', async () => {
    const { text, isError } = await call('run_apl', { apl: "['sample-http-logs']", since: 'yesterday' });
    assert.equal(isError, true);
    assert.match(text, /Invalid since 'yesterday'/);
    const outOfRange = await call('run_apl', { apl: "['sample-http-logs']", max_rows: 100_000 });
    assert.equal(outOfRange.isError, true);
  });
});

describe('apl mcp against a service that never answers', { timeout: 60_000 }, () => {
  // A listener that accepts connections and says nothing: a hung service, as far as a client can tell.
  let silent: Server;
  const sockets: Socket[] = [];
  let client: Client;

  before(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    client = await connectMcp(['--timeout', '1'], { HOME: tmpdir(), APL_ADMIN_TOKEN: token, AXIOM_URL: `http://127.0.0.1:${port}` });
  });
  after(async () => {
    await client?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('gives up on the request after --timeout and answers a tool error', async () => {
    const started = Date.now();
    const result = (await client.callTool({ name: 'list_datasets', arguments: {} })) as CallToolResult;
    const elapsed = Date.now() - started;
    assert.equal(result.isError, true);
    assert.match(JSON.stringify(result.content), /stopped after 1 s/);
    assert.ok(elapsed >= 900 && elapsed < 10_000, `${elapsed} ms`);
  });

  it('check_apl still checks the syntax, and says the schema could not be read', async () => {
    const result = (await client.callTool({ name: 'check_apl', arguments: { apl: "['logs'] | where (x == " } })) as CallToolResult;
    const text = JSON.stringify(result.content);
    assert.notEqual(result.isError, true);
    assert.match(text, /error \[syntax\]/);
    assert.match(text, /The schema could not be read/);
  });
});

describe('apl mcp without a token', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-mcp-tokenless-'));
  // The data directory `apl serve` uses by default under this XDG_DATA_HOME, where apl mcp looks for the admin token.
  const dataHome = path.join(folder, 'xdg');
  let service: CliService;
  let client: Client;

  before(async () => {
    const served = path.join(folder, 'served');
    service = await startCliService(['--data', served, '--demo', '--demo-events', '50'], { PATH: process.env.PATH ?? '', HOME: folder });
    await service.line(/^demo datasets created/);
    // No AXIOM_TOKEN, no APL_ADMIN_TOKEN and, so far, no credentials file where apl mcp looks.
    client = await connectMcp([], { HOME: folder, XDG_DATA_HOME: dataHome, AXIOM_URL: service.url });
  });
  after(async () => {
    await client?.close();
    if (service) await stopCliService(service);
    rmSync(folder, { recursive: true, force: true });
  });

  const call = (name: string, args: Record<string, unknown>) => callTool(client, name, args);

  it('starts anyway: the tools that need the service answer a tool error saying how to set a token', async () => {
    for (const [name, args] of [
      ['list_datasets', {}],
      ['get_dataset_schema', { dataset: 'sample-http-logs' }],
      ['run_apl', { apl: "['sample-http-logs'] | count" }],
    ] as const) {
      const { text, isError } = await call(name, args);
      assert.equal(isError, true, name);
      assert.match(text, /^No token for http:\/\/127\.0\.0\.1:\d+, so this tool cannot reach the service\. Set AXIOM_TOKEN/, name);
      assert.match(text, new RegExp(`start the local service with 'apl serve' \\(apl mcp then reads the admin token it writes to ${path.join(dataHome, 'apl', 'credentials.json')}\\)`), name);
    }
  });

  it('check_apl and explain_apl work without the service', async () => {
    const checked = await call('check_apl', { apl: "['logs'] | where (x == " });
    assert.equal(checked.isError, false);
    assert.match(checked.text, /error \[syntax\]/);
    assert.match(checked.text, /The schema could not be read: No token for /);
    const explained = await call('explain_apl', { apl: "['logs'] | summarize count()" });
    assert.equal(explained.isError, false);
    assert.match(explained.text, /^## operator `summarize`$/m);
  });

  it('finds the local service’s admin token once its credentials file is where apl serve writes it by default', async () => {
    mkdirSync(path.join(dataHome, 'apl'), { recursive: true });
    copyFileSync(path.join(folder, 'served', 'credentials.json'), path.join(dataHome, 'apl', 'credentials.json'));
    const { text, isError } = await call('list_datasets', {});
    assert.equal(isError, false, text);
    assert.match(text, /\| sample-http-logs \|/);
    const run = await call('run_apl', { apl: "['sample-http-logs'] | count", since: '30d' });
    assert.equal(run.isError, false, run.text);
  });
});
