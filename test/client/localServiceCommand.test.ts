import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findServiceCli } from '../../client/localServiceCommand.ts';
import { projectRoot } from '../support/build.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'apl-cli-lookup-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder laid out like an installed .vsix: the extension bundles, no CLI, no node_modules. */
function packagedExtension(): string {
  const folder = path.join(scratch, 'extension');
  mkdirSync(path.join(folder, 'dist'), { recursive: true });
  writeFileSync(path.join(folder, 'dist', 'extension.js'), '');
  return folder;
}

function folderWithApl(executable: boolean): string {
  const folder = mkdtempSync(path.join(scratch, 'bin-'));
  writeFileSync(path.join(folder, 'apl'), '#!/bin/sh\n');
  chmodSync(path.join(folder, 'apl'), executable ? 0o755 : 0o644);
  return folder;
}

describe('finding the apl CLI for Start Local Service', () => {
  it('runs a configured .js file with this Node and a configured program as it is', () => {
    assert.deepEqual(findServiceCli(packagedExtension(), '/opt/apl/dist/cli.js', ''), {
      program: process.execPath,
      args: ['/opt/apl/dist/cli.js'],
      source: 'setting',
    });
    assert.deepEqual(findServiceCli(packagedExtension(), '/usr/local/bin/apl', ''), { program: '/usr/local/bin/apl', args: [], source: 'setting' });
  });

  it('uses the CLI built in a repository checkout, where DuckDB resolves', () => {
    assert.deepEqual(findServiceCli(projectRoot, '', ''), {
      program: process.execPath,
      args: [path.join(projectRoot, 'dist', 'cli.js')],
      source: 'checkout',
    });
  });

  it('falls back to an executable apl on the PATH for a packaged extension', () => {
    const notExecutable = folderWithApl(false);
    const executable = folderWithApl(true);
    const found = findServiceCli(packagedExtension(), '', [notExecutable, executable].join(path.delimiter));
    assert.deepEqual(found, { program: path.join(executable, 'apl'), args: [], source: 'path' });
  });

  it('finds nothing in a packaged extension with no apl on the PATH', () => {
    assert.equal(findServiceCli(packagedExtension(), '', folderWithApl(false)), undefined);
  });
});
