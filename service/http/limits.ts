/**
 * The limit headers of the public service. This service enforces no rate limits, so it reports a
 * generous budget that never runs out; clients parse a group only when all of its headers are there.
 */
const budget = 1_000_000;

export function limitHeaders(path: string, now = Date.now()): Record<string, string> {
  const reset = String(Math.ceil(now / 60_000) * 60);
  const group = (prefix: string) => ({
    [`X-${prefix}-Limit`]: String(budget),
    [`X-${prefix}-Remaining`]: String(budget),
    [`X-${prefix}-Reset`]: reset,
  });
  const headers: Record<string, string> = { 'X-RateLimit-Scope': 'user', ...group('RateLimit') };
  if (/\/ingest$/.test(path)) Object.assign(headers, group('IngestLimit'));
  if (/\/(query|_apl)$/.test(path)) Object.assign(headers, group('QueryLimit'));
  return headers;
}
