import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { builtBundle, projectRoot } from '../support/build.ts';

const formatted = "['sample-http-logs']\n| where status == '500'\n| summarize count() by method\n";
const broken = "['sample-http-logs']\n| where status ==\n";
const unknownColumn = "['sample-http-logs']\n| where user_agent contains 'Firefox'\n";
const unformatted = "['sample-http-logs'] | where status == '500' | summarize count() by method\n";
const schema = {
  datasets: [
    {
      name: 'sample-http-logs',
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'status', type: 'string' },
        { name: 'method', type: 'string' },
      ],
    },
  ],
};

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let cli: string;
const temporaryFolders: string[] = [];

function run(args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A fresh folder holding `files` (relative path → content). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'apl-cli-'));
  temporaryFolders.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

function lines(output: string): string[] {
  return output.split('\n').filter((line) => line.length > 0);
}

describe('apl CLI', { timeout: 60_000 }, () => {
  before(() => {
    cli = builtBundle('cli.js');
  });

  after(() => {
    for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
  });

  describe('general usage', () => {
    it('prints help listing the commands', async () => {
      const result = await run(['--help'], projectRoot);
      assert.equal(result.code, 0);
      assert.match(result.stdout, /Usage: apl <command>/);
      assert.match(result.stdout, /^\s+check\s/m);
      assert.match(result.stdout, /^\s+fmt\s/m);
    });

    it('prints the package version', async () => {
      const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
      const result = await run(['--version'], projectRoot);
      assert.equal(result.code, 0);
      assert.equal(result.stdout.trim(), version);
    });

    it('exits 2 without a command', async () => {
      const result = await run([], projectRoot);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /Usage: apl/);
    });

    it('exits 2 on an unknown command', async () => {
      const result = await run(['frobnicate'], projectRoot);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /unknown command 'frobnicate'/);
    });

    it('prints a command’s own help', async () => {
      const result = await run(['check', '--help'], projectRoot);
      assert.equal(result.code, 0);
      assert.match(result.stdout, /Usage: apl check/);
    });
  });

  describe('apl check', () => {
    it('reports a clean file with a summary and exit code 0', async () => {
      const cwd = fixture({ 'good.apl': formatted });
      const result = await run(['check', 'good.apl'], cwd);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(lines(result.stdout), ['Checked 1 file: 0 errors, 0 warnings']);
    });

    it('reports syntax errors as path:line:col: error: message and exits 1', async () => {
      const cwd = fixture({ 'broken.apl': broken, 'good.apl': formatted });
      const result = await run(['check', 'good.apl', 'broken.apl'], cwd);
      assert.equal(result.code, 1, result.stdout);
      const output = lines(result.stdout);
      const problems = output.slice(0, -1);
      assert.ok(problems.length >= 1, `expected problem lines, got ${JSON.stringify(output)}`);
      for (const problem of problems) assert.match(problem, /^broken\.apl:2:\d+: error: \S.*$/);
      assert.match(output.at(-1)!, /^Checked 2 files: [1-9]\d* errors?, 0 warnings$/);
    });

    it('checks names against --schema', async () => {
      const cwd = fixture({ 'query.apl': unknownColumn, 'schema.json': JSON.stringify(schema) });
      const withSchema = await run(['check', '--schema', 'schema.json', 'query.apl'], cwd);
      assert.ok(
        lines(withSchema.stdout).some((line) => /^query\.apl:2:9: (error|warning): .*user_agent/.test(line)),
        `expected an unknown-column problem at 2:9, got ${JSON.stringify(withSchema.stdout)}`,
      );

      const withoutSchema = await run(['check', 'query.apl'], cwd);
      assert.equal(withoutSchema.code, 0, withoutSchema.stdout);
      assert.doesNotMatch(withoutSchema.stdout, /user_agent/);
    });

    it('accepts schema files with extra properties', async () => {
      const annotated = {
        source: 'notes',
        datasets: [{ name: 'sample-http-logs', description: 'd', fields: [{ name: 'status', type: 'string', examples: ['200'] }] }],
      };
      const cwd = fixture({ 'good.apl': "['sample-http-logs'] | where status == '200'\n", 'schema.json': JSON.stringify(annotated) });
      const result = await run(['check', '--schema', 'schema.json', 'good.apl'], cwd);
      assert.equal(result.code, 0, result.stderr + result.stdout);
    });

    it('exits 2 when the schema is missing, not JSON or the wrong shape', async () => {
      const cwd = fixture({
        'good.apl': formatted,
        'not-json.json': '{',
        'wrong-shape.json': JSON.stringify({ datasets: [{ name: 'x', fields: 'status' }] }),
      });
      const missing = await run(['check', '--schema', 'missing.json', 'good.apl'], cwd);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /missing\.json/);

      const notJson = await run(['check', '--schema', 'not-json.json', 'good.apl'], cwd);
      assert.equal(notJson.code, 2);
      assert.match(notJson.stderr, /not-json\.json/);

      const wrongShape = await run(['check', '--schema', 'wrong-shape.json', 'good.apl'], cwd);
      assert.equal(wrongShape.code, 2);
      assert.match(wrongShape.stderr, /schema\.datasets\[0\]\.fields must be an array/);
    });

    it('exits 2 on an unknown flag, no files, a missing file or a glob that matches nothing', async () => {
      const cwd = fixture({ 'good.apl': formatted });
      for (const args of [['check', '--bogus', 'good.apl'], ['check'], ['check', 'nope.apl'], ['check', 'nothing/*.apl']]) {
        const result = await run(args, cwd);
        assert.equal(result.code, 2, `apl ${args.join(' ')}`);
        assert.match(result.stderr, /^apl check: /, `apl ${args.join(' ')}`);
        assert.equal(result.stdout, '', `apl ${args.join(' ')}`);
      }
    });

    it('expands globs and directories, without duplicates', async () => {
      const cwd = fixture({
        'queries/a.apl': formatted,
        'queries/nested/b.apl': formatted,
        'queries/notes.txt': 'not a query',
        'top.apl': formatted,
      });
      const glob = await run(['check', 'queries/**/*.apl'], cwd);
      assert.equal(glob.code, 0, glob.stderr);
      assert.deepEqual(lines(glob.stdout), ['Checked 2 files: 0 errors, 0 warnings']);

      const shallow = await run(['check', '*.apl'], cwd);
      assert.deepEqual(lines(shallow.stdout), ['Checked 1 file: 0 errors, 0 warnings']);

      const directory = await run(['check', 'queries'], cwd);
      assert.deepEqual(lines(directory.stdout), ['Checked 2 files: 0 errors, 0 warnings']);

      const overlapping = await run(['check', 'queries', 'queries/**/*.apl', 'queries/a.apl', 'top.apl'], cwd);
      assert.deepEqual(lines(overlapping.stdout), ['Checked 3 files: 0 errors, 0 warnings']);
    });

    it('prints problems in directories with the directory in the path', async () => {
      const cwd = fixture({ 'queries/nested/broken.apl': broken });
      const result = await run(['check', 'queries'], cwd);
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stdout, new RegExp(`^${path.join('queries', 'nested', 'broken.apl').replaceAll('.', '\\.')}:2:\\d+: error: `, 'm'));
    });
  });

  describe('apl fmt', () => {
    it('leaves formatted files alone, with or without --check', async () => {
      const cwd = fixture({ 'good.apl': formatted });
      const check = await run(['fmt', '--check', 'good.apl'], cwd);
      assert.equal(check.code, 0, check.stderr);
      assert.equal(check.stdout, '');
      const write = await run(['fmt', 'good.apl'], cwd);
      assert.equal(write.code, 0, write.stderr);
      assert.equal(write.stdout, '');
      assert.equal(readFileSync(path.join(cwd, 'good.apl'), 'utf8'), formatted);
    });

    it('--check lists files that would change, exits 1 and changes nothing', async () => {
      const cwd = fixture({ 'messy.apl': unformatted, 'good.apl': formatted });
      const result = await run(['fmt', '--check', 'messy.apl', 'good.apl'], cwd);
      assert.equal(result.code, 1, result.stderr);
      assert.deepEqual(lines(result.stdout), ['messy.apl']);
      assert.equal(readFileSync(path.join(cwd, 'messy.apl'), 'utf8'), unformatted);
    });

    it('rewrites files in place and lists them', async () => {
      const cwd = fixture({ 'messy.apl': unformatted });
      const result = await run(['fmt', 'messy.apl'], cwd);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(lines(result.stdout), ['messy.apl']);
      assert.equal(readFileSync(path.join(cwd, 'messy.apl'), 'utf8').trimEnd(), formatted.trimEnd());
      const recheck = await run(['fmt', '--check', 'messy.apl'], cwd);
      assert.equal(recheck.code, 0, recheck.stdout);
    });

    it('refuses to format a file with syntax errors', async () => {
      const cwd = fixture({ 'broken.apl': broken });
      const result = await run(['fmt', 'broken.apl'], cwd);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /^broken\.apl: error: not formatted, the file has \d+ syntax errors?$/m);
      assert.equal(readFileSync(path.join(cwd, 'broken.apl'), 'utf8'), broken);
    });

    it('exits 2 on an unknown flag or no files', async () => {
      const cwd = fixture({ 'good.apl': formatted });
      for (const args of [['fmt', '--write', 'good.apl'], ['fmt']]) {
        const result = await run(args, cwd);
        assert.equal(result.code, 2, `apl ${args.join(' ')}`);
        assert.match(result.stderr, /^apl fmt: /);
      }
    });
  });
});
