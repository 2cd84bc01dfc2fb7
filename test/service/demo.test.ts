import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openServices } from '../../service/index.ts';
import type { Services } from '../../service/services.ts';
import { loadDemoData } from '../../service/demo/index.ts';
import { eventTable } from '../../service/store/eventStore.ts';

interface SampleField {
  name: string;
  type: string;
}
const samples = JSON.parse(readFileSync('/work/shared/apl/sample-datasets.json', 'utf8')) as {
  datasets: { name: string; fields: SampleField[] }[];
};
const now = new Date(Date.UTC(2026, 4, 1, 12));
const count = 5_000;

describe('demo data', () => {
  let dir: string;
  let services: Services;
  let created: string[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apl-demo-'));
    services = await openServices({ dataDir: dir, maxBodyBytes: 1 << 20 });
    created = await loadDemoData(services, { eventsPerDataset: count, now });
  });
  after(async () => {
    await services.database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const name of ['sample-http-logs', 'otel-demo-traces']) {
    it(`${name} has exactly the fields and types of the sample schema`, async () => {
      const expected = samples.datasets
        .find((dataset) => dataset.name === name)!
        .fields.map((field) => ({ name: field.name, type: field.type === 'object/map' ? 'object' : field.type }));
      const actual = await services.events.fields(name);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      assert.deepEqual([...actual].sort(byName), [...expected].sort(byName));
      assert.equal(await services.events.count(name), count);
    });
  }

  it('creates both datasets once, over the last seven days up to now', async () => {
    assert.deepEqual(created, ['sample-http-logs', 'otel-demo-traces']);
    assert.deepEqual(await loadDemoData(services, { eventsPerDataset: count, now }), []);
    const [range] = await services.database.all(
      `SELECT epoch_ms(min("_time")) AS first, epoch_ms(max("_time")) AS last,
              count(*) FILTER (WHERE "_time" > $1::TIMESTAMP - INTERVAL 5 MINUTE) AS recent
       FROM ${eventTable('sample-http-logs')}`,
      [now.toISOString()],
    );
    assert.ok(Number(range!.first) >= now.getTime() - 7 * 86_400_000);
    assert.ok(Number(range!.last) <= now.getTime());
    assert.ok(Number(range!.recent) > 0, 'events in the last five minutes');
    assert.deepEqual((await services.datasets.get('otel-demo-traces'))!.mapFields, ['attributes.custom']);
  });

  it('is deterministic and has realistic domains', async () => {
    const other = mkdtempSync(join(tmpdir(), 'apl-demo-'));
    const again = await openServices({ dataDir: other, maxBodyBytes: 1 << 20 });
    try {
      await loadDemoData(again, { eventsPerDataset: count, now });
      const digest = `SELECT sum(hash(trace_id, span_id, "_time", duration, events, coalesce("attributes.custom", 'null'))) AS h FROM ${eventTable('otel-demo-traces')}`;
      assert.deepEqual(await again.database.all(digest), await services.database.all(digest));
    } finally {
      await again.database.close();
      rmSync(other, { recursive: true, force: true });
    }
    const serviceNames = (await services.database.all(
      `SELECT DISTINCT "service.name" AS s FROM ${eventTable('otel-demo-traces')}`,
    )).map((row) => row.s);
    for (const name of ['frontend', 'frontendproxy', 'checkoutservice', 'checkout', 'cart', 'cartservice', 'load-generator']) {
      assert.ok(serviceNames.includes(name), name);
    }
    const [http] = await services.database.all(
      `SELECT count(DISTINCT id) AS ids, count(*) FILTER (WHERE status = '200') AS ok,
              count(*) FILTER (WHERE req_duration_ms > 500) AS slow, count(DISTINCT "geo.country") AS countries
       FROM ${eventTable('sample-http-logs')}`,
    );
    assert.ok(Number(http!.ids) > 50 && Number(http!.ids) < count / 10);
    assert.ok(Number(http!.ok) > count / 2);
    assert.ok(Number(http!.slow) > 0, 'a long latency tail');
    assert.ok(Number(http!.countries) >= 20);
    const [traces] = await services.database.all(
      `SELECT max(json_array_length(events)) AS most, count(DISTINCT trace_id) AS traces,
              count(*) FILTER (WHERE "attributes.custom"->>'$."http.protocol"' IS NOT NULL) AS custom
       FROM ${eventTable('otel-demo-traces')}`,
    );
    assert.ok(Number(traces!.most) > 4);
    assert.ok(Number(traces!.traces) < count / 2);
    assert.ok(Number(traces!.custom) > 0);
  });
});
