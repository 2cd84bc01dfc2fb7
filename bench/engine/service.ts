/**
 * The service under test, started in this process from an esbuild bundle of `service/index.ts`
 * (bundled as `dist/cli.js` bundles it, DuckDB loaded from node_modules) on a benchmark data
 * directory. Queries go over HTTP to `POST /v1/datasets/_apl?format=tabular`; the hand-written
 * SQL runs on a connection of its own on the service's DuckDB instance (the side door), so both
 * sides share one database file, one buffer cache and the same DuckDB settings.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { loadBundled } from '../lib/bundle.ts';
import type { Answer, TimeRange } from './queries.ts';

const token = 'xapt-bench-engine';

export interface TabularAnswer {
  status: { elapsedTime: number; rowsExamined: number; rowsMatched: number; minBlockTime: string; maxBlockTime: string; messages: unknown[] };
  answer: Answer;
  /** Milliseconds from sending the request to the parsed body. */
  roundTripMillis: number;
}

export interface SqlAnswer {
  answer: Answer;
  /** Microseconds to run the statement and read every row into JavaScript values. */
  micros: number;
}

export interface BenchService {
  query(apl: string, range: TimeRange): Promise<TabularAnswer>;
  sql(text: string): Promise<SqlAnswer>;
  close(): Promise<void>;
}

type ServiceModule = typeof import('../../service/index.ts');

export async function startBenchService(dataDir: string): Promise<BenchService> {
  const { exports } = await loadBundled<ServiceModule>('service/index.ts', 'engine-service', ['@duckdb/node-api', '@duckdb/node-bindings']);
  const running = await exports.startService({ dataDir, port: 0, environment: { APL_ADMIN_TOKEN: token } });
  const side: DuckDBConnection = await running.services.database.connect();
  const headers = { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' };
  return {
    async query(apl, range) {
      const started = performance.now();
      const response = await fetch(`${running.url}/v1/datasets/_apl?format=tabular`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ apl, startTime: range.start, endTime: range.end }),
      });
      const body = (await response.json()) as {
        status: TabularAnswer['status'];
        tables: { name: string; fields: { name: string }[]; columns: unknown[][] }[];
        message?: string;
      };
      const roundTripMillis = performance.now() - started;
      if (response.status !== 200) throw new Error(`${response.status} ${body.message ?? JSON.stringify(body)} for ${apl}`);
      const rowsOf = (table: { columns: unknown[][] }) =>
        Array.from({ length: table.columns[0]?.length ?? 0 }, (_, index) => table.columns.map((column) => column[index]));
      const table = body.tables[0]!;
      const totals = body.tables.find((each) => each.name === '_totals');
      const answer: Answer = { names: table.fields.map((field) => field.name), rows: rowsOf(table), ...(totals ? { totals: rowsOf(totals) } : {}) };
      return { status: body.status, answer, roundTripMillis };
    },
    async sql(text) {
      const started = process.hrtime.bigint();
      const reader = await side.runAndReadAll(text);
      const values = reader.getRows();
      const micros = Number(process.hrtime.bigint() - started) / 1e3;
      return { answer: { names: reader.columnNames(), rows: values.map((row) => row.map(plain)) }, micros };
    },
    async close() {
      side.closeSync();
      await running.close();
    },
  };
}

/** A DuckDB value in the form the service's JSON carries it (timestamps as RFC 3339 with µs). */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value && typeof value === 'object' && 'micros' in value && !('days' in value)) return rfc3339((value as { micros: bigint }).micros);
  return value;
}

/** Written apart from the engine's `formatMicros` on purpose: the answers it checks must not share its code. */
function rfc3339(micros: bigint): string {
  const seconds = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}
