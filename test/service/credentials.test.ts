import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { credentialsPath, loadCredentials } from '../../service/auth/personal.ts';

describe('service: admin credentials', () => {
  it('generates an xapt- token on first start, writes it with mode 0600 and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'apl-credentials-'));
    try {
      const first = loadCredentials(dataDir, {});
      assert.match(first.token, /^xapt-.{20,}/);
      assert.equal(first.source, credentialsPath(dataDir));
      assert.equal(statSync(credentialsPath(dataDir)).mode & 0o777, 0o600);
      assert.equal(loadCredentials(dataDir, {}).token, first.token);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers APL_ADMIN_TOKEN and refuses one without the xapt- prefix', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'apl-credentials-'));
    try {
      assert.equal(loadCredentials(dataDir, { APL_ADMIN_TOKEN: 'xapt-from-env' }).token, 'xapt-from-env');
      assert.throws(() => loadCredentials(dataDir, { APL_ADMIN_TOKEN: 'secret' }), /xapt-/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
