/** `apl check --format json|github|sarif` as CI runs it: the built CLI in a process of its own. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { builtBundle } from '../support/build.ts';

const broken = "['sample-http-logs']\n| where status ==\n";
// A column name holding % and a comma, in a file whose name holds a comma and a colon: all need escaping.
const oddColumn = "['sample-http-logs']\n| where ['50%,x'] == 1\n";
const clean = "['sample-http-logs']\n| where status == '500'\n";
const schema = { datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }] }] };

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let cli: string;
let cwd: string;

function check(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, 'check', '--schema', 'schema.json', ...args], { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('apl check --format', { timeout: 60_000 }, () => {
  before(() => {
    cli = builtBundle('cli.js');
    cwd = mkdtempSync(path.join(tmpdir(), 'apl-check-formats-'));
    mkdirSync(path.join(cwd, 'queries'));
    writeFileSync(path.join(cwd, 'queries', 'broken.apl'), broken);
    writeFileSync(path.join(cwd, 'queries', 'a,b:c.apl'), oddColumn);
    writeFileSync(path.join(cwd, 'clean.apl'), clean);
    writeFileSync(path.join(cwd, 'schema.json'), JSON.stringify(schema));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('json: an array of problems with their ranges, the summary on stderr, exit 1', async () => {
    const result = await check(['--format', 'json', 'queries/broken.apl', 'queries/a,b:c.apl']);
    assert.equal(result.code, 1, result.stderr);
    const problems = JSON.parse(result.stdout) as Record<string, unknown>[];
    assert.deepEqual(problems.at(-1), {
      file: 'queries/a,b:c.apl',
      line: 2,
      column: 9,
      endLine: 2,
      endColumn: 18,
      severity: 'error',
      code: 'unknown-column',
      message: "Unknown column '50%,x'.",
    });
    const syntax = problems.filter((problem) => problem.file === 'queries/broken.apl');
    assert.ok(syntax.length >= 1);
    for (const problem of syntax) {
      assert.equal(problem.code, 'syntax');
      assert.equal(problem.line, 2);
      assert.ok((problem.endColumn as number) >= (problem.column as number));
    }
    assert.match(result.stderr, /^Checked 2 files: [1-9]\d* errors, 0 warnings\n$/);
  });

  it('json: an empty array and exit 0 for clean files', async () => {
    const result = await check(['--format', 'json', 'clean.apl']);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), []);
  });

  it('github: one escaped workflow command per problem', async () => {
    const result = await check(['--format', 'github', 'queries/a,b:c.apl', 'queries/broken.apl']);
    assert.equal(result.code, 1, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(
      lines[0],
      "::error file=queries/a%2Cb%3Ac.apl,line=2,col=9,endColumn=18,endLine=2,title=apl unknown-column::Unknown column '50%25,x'.",
    );
    assert.ok(lines.length >= 2);
    for (const line of lines.slice(1)) assert.match(line, /^::error file=queries\/broken\.apl,line=2,col=\d+,endColumn=\d+,endLine=2,title=apl syntax::\S/);
    assert.match(result.stderr, /^Checked 2 files: /);
  });

  it('github and sarif: paths relative to the working directory, even when given absolute', async () => {
    const absolute = path.join(cwd, 'queries', 'broken.apl');
    const github = await check(['--format', 'github', absolute]);
    assert.match(github.stdout, /^::error file=queries\/broken\.apl,/);
    const sarif = JSON.parse((await check(['--format', 'sarif', absolute])).stdout);
    assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, 'queries/broken.apl');
  });

  it('sarif: a 2.1.0 log with the fields code scanning requires', async () => {
    const result = await check(['--format', 'sarif', 'queries/broken.apl', 'queries/a,b:c.apl', 'clean.apl']);
    assert.equal(result.code, 1, result.stderr);
    const log = JSON.parse(result.stdout);
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const [run] = log.runs;
    assert.equal(run.tool.driver.name, 'apl');
    const ruleIds = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
    assert.deepEqual(ruleIds, ['syntax', 'unknown-column']);
    // Code scanning asks each rule for a short and a full description and help text.
    for (const rule of run.tool.driver.rules) {
      for (const text of [rule.shortDescription.text, rule.fullDescription.text, rule.help.text]) assert.ok(typeof text === 'string' && text.length > 0, rule.id);
    }
    assert.equal(run.tool.driver.rules[1].shortDescription.text, 'Unknown column');
    assert.ok(run.results.length >= 2);
    for (const result of run.results) {
      assert.ok(ruleIds.includes(result.ruleId));
      assert.equal(ruleIds[result.ruleIndex], result.ruleId);
      assert.ok(['error', 'warning', 'note'].includes(result.level));
      assert.equal(typeof result.message.text, 'string');
      assert.ok(result.message.text.length > 0);
      assert.equal(result.locations.length, 1);
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      assert.doesNotMatch(artifactLocation.uri, /^[a-z]+:|^\//i, 'a relative URI');
      for (const key of ['startLine', 'startColumn', 'endLine', 'endColumn']) assert.ok(Number.isInteger(region[key]) && region[key] >= 1, key);
      assert.ok(region.endLine > region.startLine || region.endColumn >= region.startColumn);
    }
    const odd = run.results.find((result: { ruleId: string }) => result.ruleId === 'unknown-column');
    assert.equal(odd.locations[0].physicalLocation.artifactLocation.uri, 'queries/a%2Cb%3Ac.apl');
    assert.deepEqual(odd.locations[0].physicalLocation.region, { startLine: 2, startColumn: 9, endLine: 2, endColumn: 18 });
  });

  it('sarif: a valid log with no results for clean files', async () => {
    const result = await check(['--format', 'sarif', 'clean.apl']);
    assert.equal(result.code, 0, result.stderr);
    const log = JSON.parse(result.stdout);
    assert.deepEqual(log.runs[0].results, []);
    assert.deepEqual(log.runs[0].tool.driver.rules, []);
  });

  it('exits 2 on an unknown format', async () => {
    const result = await check(['--format', 'xml', 'clean.apl']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^apl check: unknown --format 'xml' \(text, json, github, sarif\)/);
    assert.equal(result.stdout, '');
  });
});
