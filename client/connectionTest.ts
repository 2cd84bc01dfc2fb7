/**
 * Test Connection: asks the service who the token is (`GET /v2/user`), then for its datasets, and
 * says in words which step failed and why. No `vscode` import: tested against the real service.
 */
import { isServiceError, type Connection } from './connection.ts';

export type ConnectionTestResult =
  | { ok: true; user: string; datasets: number; message: string }
  | { ok: false; step: 'reach' | 'token' | 'datasets'; message: string };

export async function testConnection(connection: Connection, timeoutMs = 10_000): Promise<ConnectionTestResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  let user: string;
  try {
    const answer = await connection.currentUser(signal);
    user = answer.name || answer.id;
  } catch (error) {
    return failure(connection.url, error, 'token');
  }
  try {
    const datasets = await connection.listDatasets(signal);
    return { ok: true, user, datasets: datasets.length, message: `${connection.url} answers; the token acts for ${user}; ${datasets.length} dataset${datasets.length === 1 ? '' : 's'}.` };
  } catch (error) {
    return failure(connection.url, error, 'datasets');
  }
}

function failure(url: string, error: unknown, step: 'token' | 'datasets'): ConnectionTestResult {
  if (!isServiceError(error)) return { ok: false, step: 'reach', message: `could not reach ${url}: ${networkReason(error)}` };
  if (error.status === 401) return { ok: false, step: 'token', message: `${url} rejected the token (401: ${error.message}). Set a new token for this connection.` };
  if (error.status === 403) {
    const what = step === 'token' ? 'reading the user' : 'listing datasets';
    return { ok: false, step, message: `${url} accepted the token but refused ${what} (403: ${error.message}); a personal token needs the org id, an API token the capability.` };
  }
  const path = step === 'token' ? '/v2/user' : '/v2/datasets';
  return { ok: false, step, message: `${url}${path} answered ${error.status}: ${error.message}` };
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'no answer in time';
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = typeof code === 'string' ? code : typeof cause?.code === 'string' ? cause.code : undefined;
  return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message;
}
