/** A real service on a loopback port with a real DuckDB file in a temporary directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type ServiceOptions } from '../../service/index.ts';
import { parseExact } from '../../wire/exactJson.ts';

export interface TestService extends RunningService {
  dataDir: string;
  adminToken: string;
  /** Calls the service; `token` null sends no Authorization header. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  stop(): Promise<void>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'apl-service-'));
  const adminToken = 'xapt-test-admin-token';
  const running = await startService({
    port: 0,
    ...options,
    dataDir,
    environment: { APL_ADMIN_TOKEN: adminToken },
    onInternalError: (error) => {
      throw error;
    },
  });
  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<CallResult> => {
    const token = callOptions.token === undefined ? adminToken : callOptions.token;
    const headers: Record<string, string> = { ...callOptions.headers };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (token?.startsWith('xapt-') && !('X-Axiom-Org-Id' in headers)) headers['X-Axiom-Org-Id'] = 'local';
    let body: string | Uint8Array | undefined = callOptions.rawBody;
    if (body === undefined && callOptions.body !== undefined) {
      body = JSON.stringify(callOptions.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(running.url + path, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : parseExact(text) };
  };
  return {
    ...running,
    dataDir,
    adminToken,
    call,
    stop: async () => {
      await running.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The keys of an object, sorted: tests compare them with exact key sets (the Go client rejects unknown ones). */
export function keysOf(value: object): string[] {
  return Object.keys(value).sort();
}

/** Creates `dataset` and ingests `events` into it as NDJSON; returns the ingest reply. */
export async function datasetWithEvents(service: TestService, dataset: string, events: readonly object[]): Promise<CallResult> {
  const created = await service.call('POST', '/v2/datasets', { body: { name: dataset, description: '' } });
  if (created.status !== 200) throw new Error(`creating ${dataset}: ${created.status} ${JSON.stringify(created.body)}`);
  return service.call('POST', `/v1/datasets/${encodeURIComponent(dataset)}/ingest`, {
    rawBody: events.map((event) => JSON.stringify(event)).join('\n'),
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
}
