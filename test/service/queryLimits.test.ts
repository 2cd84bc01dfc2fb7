/**
 * Queries past the service's limits, over HTTP against a service started with a 256 MiB memory
 * limit: each answers a 400 that names the limit (or a bounded answer), and the service goes on
 * answering.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseByteSize } from '../../service/store/memoryLimit.ts';
import { startTestService, type TestService } from './harness.ts';

describe('query limits of a service with a 256 MiB memory limit', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ memoryLimitBytes: 256 * 2 ** 20 });
  });
  after(() => service.stop());

  const query = (apl: string) => service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl } });

  /** The service still answers a query after the one before. */
  async function stillAnswers(): Promise<void> {
    const reply = await query('print n = 1');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.tables[0].columns, [[1]]);
  }

  it('strrep("abc", 1000000000) answers 1024 repetitions, and the service answers the next request', async () => {
    const reply = await query('print x = strrep("abc", 1000000000)');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.tables[0].columns[0][0], 'abc'.repeat(1024));
    await stillAnswers();
  });

  it('a strrep past 1 MiB answers a 400 naming the cap, and the service answers the next request', async () => {
    const reply = await query('print x = strrep(strrep(strrep("abc", 1024), 1024), 1024)');
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /strrep\(\) would build a text longer than 1 MiB/);
    await stillAnswers();
  });

  it('range(1, 1000000000) | mv-expand | count answers the 2^20 values range() is capped at', async () => {
    const reply = await query('print r = range(1, 1000000000) | mv-expand r | count');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.tables[0].columns, [[1_048_576]]);
    await stillAnswers();
  });

  it('a query that needs more memory than the limit (and its spill space) answers a 400 naming the limit', async () => {
    // A million distinct 2 KB keys: about 2 GB to group, past 256 MiB of memory and 512 MiB of spill files.
    const reply = await query('print r = range(1, 1000000) | mv-expand r | extend s = strrep(tostring(r), 300) | summarize count() by s | count');
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /^the query needs more memory than the service allows \(256\.0 MiB\)/);
    await stillAnswers();
  });

  it('spills under the data directory, at most twice the memory limit', async () => {
    const [settings] = await service.services.database.all<{ memory: string; directory: string; spill: string }>(
      `SELECT current_setting('memory_limit') AS memory, current_setting('temp_directory') AS directory, current_setting('max_temp_directory_size') AS spill`,
    );
    assert.deepEqual(settings, { memory: '256.0 MiB', directory: join(service.dataDir, 'duckdb.tmp'), spill: '512.0 MiB' });
  });
});

describe('parseByteSize', () => {
  it('reads the sizes --memory-limit takes, and nothing else', () => {
    assert.equal(parseByteSize('256MiB'), 256 * 2 ** 20);
    assert.equal(parseByteSize('512MB'), 512e6);
    assert.equal(parseByteSize('1.5GiB'), 1.5 * 2 ** 30);
    assert.equal(parseByteSize('4g'), 4 * 2 ** 30);
    assert.equal(parseByteSize('1048576'), 2 ** 20);
    for (const bad of ['', 'lots', '-1GB', '0', '4 parsecs', '1e99GB']) assert.equal(parseByteSize(bad), undefined, bad);
  });
});
