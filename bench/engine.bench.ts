/**
 * The APL engine against hand-written DuckDB SQL, in one run:
 *
 *   npm run bench:engine
 *   node --import tsx bench/engine.bench.ts --events 1000000,10000000 --reps 9 --warmup 2 [--only count,topk]
 *
 * For each event count: a service data directory of synthetic `sample-http-logs` events
 * (generated in DuckDB on first use and cached under the temp directory, outside the timing),
 * the service started on it in this process, and the 12 canonical queries (bench/engine/queries.ts)
 * sent to `POST /v1/datasets/_apl?format=tabular`, each beside the hand-written SQL for the same
 * question run on a separate connection of the same DuckDB instance. Where the reply says more than
 * its rows that cannot be known before them (how far back a take read), the hand SQL runs the
 * statement a person would run next for it, timed with the first. Before timing, both answers
 * are compared, and the engine's rowsExamined/rowsMatched against counts made by hand.
 *
 * Reported per query: the engine's `status.elapsedTime` median (parse, analyze, compile, execute,
 * shape, status figures), the SQL's median (execute and read the rows), the ratio (the median over
 * rounds of the engine's time over the SQL's run beside it, see engine/measure.ts), and PASS when
 * that ratio is at most 1.2, or the engine takes at most 2 ms more (the median of the same
 * pairs' differences) where the SQL takes under 10 ms. The load average is printed beside the
 * figures (the machine is shared), and so are the ratio of the two medians and that of the fastest
 * runs, for context. HTTP ms is the engine's round trip through the endpoint.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { benchDataDirectory } from './engine/dataset.ts';
import { checkQuery, measureQuery, type CheckedQuery, type QueryFigures } from './engine/measure.ts';
import { canonicalQueries } from './engine/queries.ts';
import { startBenchService } from './engine/service.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000,10000000' },
    reps: { type: 'string', default: '11' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const eventCounts = values.events.split(',').map((text) => Number(text.replaceAll('_', '')));
const repetitions = { warmUp: Number(values.warmup), measured: Number(values.reps) };
const only = values.only?.split(',');
const queries = canonicalQueries.filter((query) => !only || only.includes(query.id));

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const millis = (micros: number) => (micros / 1e3).toFixed(micros >= 100_000 ? 0 : micros >= 10_000 ? 1 : 2);

function formatTable(figures: QueryFigures[]): string {
  const header = ['query', 'engine ms', 'SQL ms', 'ratio', 'of medians', 'min ratio', 'HTTP ms', 'rows', 'result', 'answers'];
  const lines = figures.map((figure) => [
    figure.query.label,
    millis(figure.engineMicros),
    millis(figure.sqlMicros),
    `${figure.ratio.toFixed(2)}×`,
    `${(figure.engineMicros / figure.sqlMicros).toFixed(2)}×`,
    `${figure.minRatio.toFixed(2)}×`,
    millis(figure.roundTripMicros),
    String(figure.rows),
    figure.pass ? 'PASS' : 'MISS',
    figure.disagreements.length === 0 ? 'agree' : 'DIFFER',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (line: string[]) => line.map((text, column) => (column === 0 || column >= 8 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join('  ');
  const notes = figures.flatMap((figure) => figure.disagreements.map((problem) => `  ${figure.query.label}: ${problem}`));
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(render), ...(notes.length ? ['', 'disagreements:', ...notes] : [])].join('\n');
}

async function main(): Promise<void> {
  const report: Record<string, unknown>[] = [];
  let failed = false;
  for (const count of eventCounts) {
    const dataDir = await benchDataDirectory(count, (line) => console.log(line));
    const service = await startBenchService(dataDir);
    const loadBefore = load();
    const figures: QueryFigures[] = [];
    try {
      const checked: CheckedQuery[] = [];
      for (const query of queries) checked.push(await checkQuery(service, query));
      for (const query of checked) {
        if (process.stdout.isTTY) process.stdout.write(`  ${count.toLocaleString('en')} events: ${query.query.label} …\x1b[K\r`);
        figures.push(await measureQuery(service, query, repetitions));
      }
    } finally {
      await service.close();
    }
    const passed = figures.filter((figure) => figure.pass).length;
    console.log(`\n${count.toLocaleString('en')} events — ${repetitions.warmUp} warm-ups, ${repetitions.measured} repetitions, medians (ratio: of paired rounds); load average ${loadBefore} before, ${load()} after`);
    console.log(formatTable(figures));
    console.log(`${passed}/${figures.length} within target (≤ 1.2× the SQL, or ≤ 2 ms more where the SQL takes < 10 ms)`);
    if (figures.some((figure) => figure.disagreements.length > 0)) failed = true;
    report.push({
      events: count,
      loadAverage: { before: loadBefore, after: load() },
      queries: figures.map(({ query, engineSamples, sqlSamples, ...rest }) => ({ id: query.id, apl: query.apl, sql: query.sql(`events."sample-http-logs"`, '<range>'), ...rest, engineSamples, sqlSamples })),
    });
  }
  const path = join(repoRoot, '.bench', 'engine.json');
  writeJson(path, { repetitions, results: report });
  console.log(`\nfigures written to ${path}`);
  // Timings are reported, not asserted; answers that differ make the comparison meaningless.
  if (failed) process.exitCode = 1;
}

await main();
