/** The synthetic web-log events of the service ingest benchmark, one NDJSON line each. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { Random } from '../service/demo/random.ts';

/**
 * Writes `eventCount` deterministic events (nested `geo` object, a dozen fields) to `path`, a
 * block of lines at a time (a million events are 360 MB).
 */
export function writeEvents(path: string, eventCount: number): void {
  const random = new Random(42);
  const start = Date.UTC(2026, 0, 1);
  const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
  const cities = [['Paris', 'France'], ['Seattle', 'United States'], ['Tokyo', 'Japan'], ['Camaquã', 'Brazil']];
  const file = openSync(path, 'w');
  let lines: string[] = [];
  for (let index = 0; index < eventCount; index++) {
    const [city, country] = random.pick(cities);
    lines.push(
      JSON.stringify({
        _time: new Date(start + index * 10).toISOString(),
        id: random.uuid(),
        method: random.pick(methods),
        status: random.pick(['200', '200', '200', '404', '500']),
        uri: `/api/v1/${random.hex(4)}/${random.hex(6)}`,
        req_duration_ms: random.logNormal(1.2, 0.7),
        resp_body_size_bytes: random.int(900, 5500),
        resp_header_size_bytes: random.int(18, 100),
        is_tls: random.chance(0.7),
        geo: { city, country },
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      }),
    );
    if (lines.length === 10_000) {
      writeSync(file, lines.join('\n') + '\n');
      lines = [];
    }
  }
  if (lines.length > 0) writeSync(file, lines.join('\n') + '\n');
  closeSync(file);
}
