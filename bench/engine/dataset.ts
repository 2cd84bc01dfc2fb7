/**
 * The benchmark's data: a service data directory whose `sample-http-logs` dataset holds `count`
 * synthetic events, generated inside DuckDB by one INSERT … SELECT over `range(count)` (values
 * drawn from hashes of the row number, so the same count always gives the same data).
 *
 * The directory is made with the service's own stores (dataset metadata, the event table and
 * its columns, as `apl serve` would make them) and kept under the system temp directory, so
 * later runs skip the generation: `<tmp>/apl-bench-engine/<count>/`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServices } from '../../service/index.ts';
import { httpLogFields, httpLogValues } from '../../service/demo/httpLogs.ts';
import { stringLiteral } from '../../service/engine/compile/sql.ts';
import { storedIdent } from '../../service/store/storedNames.ts';

export const datasetName = 'sample-http-logs';
/** The events cover these 30 days, oldest first. */
export const dataStart = '2026-10-01T00:00:00Z';
export const dataEnd = '2026-10-31T00:00:00Z';
/** Bumped whenever the generated data changes, so a cached directory of an older shape is rebuilt. */
const generatorVersion = 2;

const { places, contentTypes, messages, methods, statuses, datacenters, words, userAgents } = httpLogValues;

const list = (items: readonly string[]) => `[${items.map(stringLiteral).join(', ')}]`;
/** A whole number in [0, modulo) drawn from row `n`, independent per `stream`. */
const draw = (n: string, stream: number, modulo: number) => `CAST(hash(${n}, ${stream}) % ${modulo} AS BIGINT)`;
/** A uniform draw in [0, 1) for row `i`, independent per `stream`. */
const uniform = (stream: number) => `((hash(i, ${stream}) % 1000003) / 1000003.0)`;
/** Zipf-like: earlier items are much more likely (the demo generator's `skewed`). */
const skewed = (items: readonly string[], stream: number, exponent: number) =>
  `${list(items)}[1 + least(${items.length - 1}, CAST(floor(${items.length} * pow(${uniform(stream)}, ${1 + exponent})) AS BIGINT))]`;
/** One of `choices` by relative weight, from the uniform draw `u<stream>`. */
function weighted(choices: readonly (readonly [string, number])[], stream: number): string {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let upTo = 0;
  const cases = choices.map(([item, weight]) => `WHEN u${stream} < ${(upTo += weight) / total} THEN ${stringLiteral(item)}`);
  return `CASE ${cases.join(' ')} ELSE ${stringLiteral(choices.at(-1)![0])} END`;
}

/** The INSERT that fills the event table with `count` events spread evenly (with jitter) over the 30 days. */
function insertSql(count: number): string {
  const startMicros = Date.parse(dataStart) * 1000;
  const step = Math.floor(((Date.parse(dataEnd) - Date.parse(dataStart)) * 1000) / count);
  const countries = places.map(([country]) => country);
  // Each country's cities as a list, picked by the country's position.
  const cityLists = `[${places.map(([, cities]) => list(cities)).join(', ')}]`;
  const clients = 4000;
  const uriPool = 400;
  const uri = (n: string) =>
    `'/api/v1/' || ${list(words)}[1 + ${draw(n, 1, words.length)}] || '/' || ${list(words)}[1 + ${draw(n, 2, words.length)}]` +
    ` || CASE WHEN ${draw(n, 3, 3)} = 0 THEN '/' || ${list(words)}[1 + ${draw(n, 4, words.length)}] ELSE '' END`;
  const uuid = (n: string) =>
    `(SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-a' || substr(h, 18, 3) || '-' || substr(h, 21, 12) FROM (SELECT md5(CAST(${n} AS VARCHAR)) AS h))`;
  return `
    INSERT INTO events.${`"${datasetName}"`} BY NAME
    SELECT
      make_timestamp(t) AS "_time",
      make_timestamp(t + 1000 + ${draw('i', 2, 899000)}) AS ${storedIdent('_sysTime')},
      ${skewed(contentTypes, 3, 1.2)} AS content_type,
      CASE WHEN u4 < 0.01 THEN '' ELSE ${cityLists}[country][1 + least(len(${cityLists}[country]) - 1, CAST(floor(len(${cityLists}[country]) * pow(${uniform(5)}, 1.8)) AS BIGINT))] END AS "geo.city",
      ${list(countries)}[country] AS "geo.country",
      client.id AS id,
      u7 < 0.7 AS is_tls,
      ${list(messages)}[1 + ${draw('i', 8, messages.length)}] AS message,
      ${weighted(methods, 9)} AS method,
      least(60000, CASE WHEN u10 < 0.003 THEN 800 * exp(2 * normal) ELSE 1.2 * exp(0.7 * normal) END) AS req_duration_ms,
      900 + ${draw('i', 11, 4601)} AS resp_body_size_bytes,
      18 + ${draw('i', 12, 83)} AS resp_header_size_bytes,
      ${skewed(datacenters, 13, 0.5)} AS server_datacenter,
      ${weighted(statuses, 14)} AS status,
      uris.uri AS uri,
      ${skewed(userAgents, 15, 0.5)} AS user_agent
    FROM (
      SELECT i,
        ${startMicros} + i * ${step} + ${draw('i', 1, step)} AS t,
        1 + least(${countries.length - 1}, CAST(floor(${countries.length} * pow(${uniform(6)}, 2.5)) AS BIGINT)) AS country,
        least(${clients - 1}, CAST(floor(${clients} * pow(${uniform(16)}, 1.8)) AS BIGINT)) AS client_number,
        least(${uriPool - 1}, CAST(floor(${uriPool} * pow(${uniform(17)}, 1.6)) AS BIGINT)) AS uri_number,
        ${uniform(4)} AS u4, ${uniform(7)} AS u7, ${uniform(9)} AS u9, ${uniform(10)} AS u10, ${uniform(14)} AS u14,
        sqrt(-2 * ln(1 - ${uniform(18)})) * cos(2 * pi() * ${uniform(19)}) AS normal
      FROM range(${count}) AS r(i)
    ) AS draws
    JOIN (SELECT n AS client_number, ${uuid('n')} AS id FROM range(${clients}) AS c(n)) AS client USING (client_number)
    JOIN (SELECT n AS uri_number, ${uri('n')} AS uri FROM range(${uriPool}) AS p(n)) AS uris USING (uri_number)
    ORDER BY i`;
}

/** The data directory holding `count` events, generated on first use. */
export async function benchDataDirectory(count: number, log: (line: string) => void): Promise<string> {
  const directory = join(tmpdir(), 'apl-bench-engine', String(count));
  const marker = join(directory, 'generated.json');
  const expected = JSON.stringify({ count, generatorVersion, dataStart, dataEnd });
  if (existsSync(marker) && readFileSync(marker, 'utf8') === expected) return directory;
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  log(`generating ${count.toLocaleString('en')} events in ${directory} (cached for later runs) …`);
  const started = performance.now();
  const services = await openServices({ dataDir: directory, maxBodyBytes: 1 });
  try {
    await services.datasets.create({
      name: datasetName,
      kind: 'axiom:events:v1',
      description: 'benchmark data',
      who: 'bench',
      useRetentionPeriod: false,
      retentionDays: 0,
    });
    await services.events.createDataset(datasetName);
    await services.events.append(datasetName, [], httpLogFields);
    const connection = await services.database.connect();
    try {
      await connection.run(insertSql(count));
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  } finally {
    await services.database.close();
  }
  writeFileSync(marker, expected);
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return directory;
}
