/**
 * Benchmarks our language core against the official APL language service in the same process,
 * on the same workload, and reports each figure as a ratio against that baseline.
 *
 *   npm run bench:language            (builds first; about 1.5 minutes)
 *   node --import tsx bench/language.bench.ts --quick
 *   node --import tsx bench/language.bench.ts --shapes-only   (the 100 KB input shapes alone)
 *
 * Results go to stdout as a table and to .bench/language.json. Our side runs from an esbuild
 * bundle like the shipped server; `bench/profile-ours.ts` profiles it when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOfficialService, type OfficialService } from './official-service.ts';
import type { OurService } from './our-service.ts';
import { bundle, loadBundled } from './lib/bundle.ts';
import { timeBareNodeStart, timeInitialize } from './lib/lspInitialize.ts';
import { formatTable, writeJson, type ResultRow, type Verdict } from './lib/report.ts';
import type { ServiceUnderTest } from './lib/serviceUnderTest.ts';
import { median, summarize, type Summary } from './lib/stats.ts';
import { sampleInterleaved, warmUp, type RoundBudget } from './lib/timing.ts';
import { repoRoot } from './lib/paths.ts';
import { measureShapes } from './lib/shapes.ts';
import { serverEnvironment } from '../server/environment.ts';
import { buildDocument, cursorCases, loadQueries, loadSchema, type CursorCase, type CursorContext } from './lib/workload.ts';

const targets = {
  perQueryP95Micros: 1_000,
  minSpeedup: 25,
  documentQueries: 2_000,
  documentMillis: 250,
  initializeMillis: 150,
  initializeSpawns: 9,
};

const quick = process.argv.includes('--quick');
const shapesOnly = process.argv.includes('--shapes-only');
const scale = quick ? 0.2 : 1;

function budget(seconds: number, maxRounds: number): RoundBudget {
  return { milliseconds: seconds * 1_000 * scale, minRounds: quick ? 1 : 3, maxRounds };
}

const budgets = {
  analysis: { ours: budget(8, 5_000), official: budget(20, 400) },
  completion: { ours: budget(3, 5_000), official: budget(8, 300) },
  documentRuns: { ours: quick ? 3 : 15, official: 1 },
};

/** Why our side's figures would mean nothing yet, if they would. */
let oursPlaceholderReason: string | undefined;

function speedupVerdict({ ours, ratio, oursCaseMedianP95 }: Comparison, extraProblem?: string): { verdict: Verdict; note?: string } {
  if (oursPlaceholderReason) return { verdict: 'N/A', note: oursPlaceholderReason };
  if (extraProblem) return { verdict: 'N/A', note: extraProblem };
  const fastEnough = ours.p95 < targets.perQueryP95Micros;
  const fasterEnough = ratio >= targets.minSpeedup;
  if (fastEnough && fasterEnough) return { verdict: 'PASS' };
  const misses = [
    // The p95 of per-case medians shrugs off one-off stalls (GC, other processes) and tells them from a slow tail.
    !fastEnough && `p95 ${ours.p95.toFixed(0)} µs ≥ ${targets.perQueryP95Micros} µs (p95 of per-case medians: ${oursCaseMedianP95.toFixed(0)} µs)`,
    !fasterEnough && `only ${ratio.toFixed(1)}× faster`,
  ];
  return { verdict: 'MISS', note: misses.filter(Boolean).join('; ') };
}

interface Comparison {
  ours: Summary;
  official: Summary;
  ratio: number;
  ratioP95: number;
  /** Mean of the counts each side returned per call (diagnostics or completion items). */
  oursMeanCount: number;
  officialMeanCount: number;
  /** Per-case ours p50 in µs, in case order. */
  oursPerCaseP50: number[];
  /** The 95th percentile over cases of each case's median: the workload's slow tail without one-off stalls. */
  oursCaseMedianP95: number;
  officialCaseMedianP95: number;
  /** How many sweeps over the cases each side got within its budget. */
  rounds: { ours: number; official: number };
}

function compare<T>(cases: readonly T[], run: (service: ServiceUnderTest, item: T) => number, ours: ServiceUnderTest, official: ServiceUnderTest, budgets: { ours: RoundBudget; official: RoundBudget }): Comparison {
  warmUp(cases, (item) => run(ours, item), quick ? 5 : 20);
  warmUp(cases, (item) => run(official, item), quick ? 1 : 2);
  const [oursRun, officialRun] = sampleInterleaved(cases, [
    { run: (item) => run(ours, item), budget: budgets.ours },
    { run: (item) => run(official, item), budget: budgets.official },
  ]);
  const oursSummary = summarize(oursRun.samples);
  const officialSummary = summarize(officialRun.samples);
  const perCaseMedians = (samples: number[]) => cases.map((_, index) => median(samples.filter((__, sample) => sample % cases.length === index)));
  const oursPerCaseP50 = perCaseMedians(oursRun.samples);
  return {
    ours: oursSummary,
    official: officialSummary,
    ratio: officialSummary.p50 / oursSummary.p50,
    ratioP95: officialSummary.p95 / oursSummary.p95,
    oursMeanCount: oursRun.checksum / oursRun.samples.length,
    officialMeanCount: officialRun.checksum / officialRun.samples.length,
    oursPerCaseP50,
    oursCaseMedianP95: summarize(oursPerCaseP50).p95,
    officialCaseMedianP95: summarize(perCaseMedians(officialRun.samples)).p95,
    rounds: { ours: oursRun.rounds, official: officialRun.rounds },
  };
}

function firstLine(query: string): string {
  const line = query.split('\n').find((text) => !text.trim().startsWith('//')) ?? query;
  return line.length > 70 ? `${line.slice(0, 67)}...` : line;
}

function measureAnalysis(queries: readonly string[], ours: OurService, official: OfficialService): { row: ResultRow; detail: object } {
  const result = compare(queries, (service, query) => service.diagnose(query), ours, official, budgets.analysis);
  const oursFlagged = queries.map((query, index) => ({ index, diagnostics: ours.describeDiagnostics(query) })).filter((entry) => entry.diagnostics.length > 0);
  const oursDiagnostics = oursFlagged.reduce((sum, entry) => sum + entry.diagnostics.length, 0);
  const problem = oursDiagnostics > 0 ? `ours reports ${oursDiagnostics} diagnostics on ${oursFlagged.length} valid workload queries (see details.analysis.oursFlagged)` : undefined;
  const { verdict, note } = speedupVerdict(result);
  const slowest = result.oursPerCaseP50
    .map((p50, index) => ({ index, p50Micros: p50, query: firstLine(queries[index]) }))
    .sort((a, b) => b.p50Micros - a.p50Micros)
    .slice(0, 5);
  return {
    row: {
      id: 'analysis',
      label: 'parse + analysis + diagnostics, per query',
      unit: 'µs',
      ours: result.ours,
      official: result.official,
      ratio: result.ratio,
      target: `p95 < 1 ms, ≥ ${targets.minSpeedup}×`,
      verdict,
      note: [note, problem].filter(Boolean).join('; ') || undefined,
    },
    detail: { ...result, oursDiagnosticsOnWorkload: oursDiagnostics, oursFlagged, oursSlowestQueries: slowest },
  };
}

const contextLabels: Record<CursorContext, string> = {
  'after-pipe': 'completion after `| `',
  'in-where': 'completion inside `where `',
  'in-summarize-by': 'completion in `summarize … by `',
};

function measureCompletion(queries: readonly string[], context: CursorContext, ours: OurService, official: OfficialService): { row: ResultRow; detail: object } {
  const cases: CursorCase[] = cursorCases(queries, context);
  const result = compare(cases, (service, { query, offset }) => service.complete(query, offset), ours, official, budgets.completion);
  const empty = result.oursMeanCount === 0 ? 'ours returned no completion items' : undefined;
  const { verdict, note } = speedupVerdict(result, empty);
  return {
    row: {
      id: `completion.${context}`,
      label: `${contextLabels[context]} (${cases.length} cursors)`,
      unit: 'µs',
      ours: result.ours,
      official: result.official,
      ratio: result.ratio,
      target: `p95 < 1 ms, ≥ ${targets.minSpeedup}×`,
      verdict,
      note,
    },
    detail: { cursors: cases.length, ...result, oursPerCaseP50: undefined },
  };
}

function measureDocument(queries: readonly string[], ours: OurService, official: OfficialService): { row: ResultRow; detail: object } {
  const document = buildDocument(queries, targets.documentQueries);
  const oursQueries = ours.countQueries(document.text);
  const oursDiagnostics = warmUp([document.text], (text) => ours.diagnoseDocument(text), 2) / 2;
  // The official service takes tens of seconds for the whole document; --quick extrapolates from a tenth.
  const officialQueries = quick ? document.queries.slice(0, document.queries.length / 10) : document.queries;
  const officialScale = document.queries.length / officialQueries.length;
  const [oursRun, officialRun] = sampleInterleaved(
    [document.text],
    [
      { run: (text) => ours.diagnoseDocument(text), budget: { milliseconds: 5_000 * scale, minRounds: 3, maxRounds: budgets.documentRuns.ours } },
      { run: () => officialQueries.reduce((sum, query) => sum + official.diagnose(query), 0), budget: { milliseconds: 1, minRounds: 1, maxRounds: budgets.documentRuns.official } },
    ],
  );
  const oursRuns = oursRun.samples.map((micros) => micros / 1e3);
  const officialRuns = officialRun.samples.map((micros) => (micros / 1e3) * officialScale);
  const officialDiagnostics = officialRun.checksum / officialRun.rounds;
  const oursSummary = summarize(oursRuns);
  const officialSummary = summarize(officialRuns);
  const ratio = officialSummary.p50 / oursSummary.p50;
  let verdict: Verdict = oursSummary.p50 < targets.documentMillis ? 'PASS' : 'MISS';
  let note: string | undefined;
  if (oursQueries !== targets.documentQueries) {
    verdict = 'N/A';
    note = `our parser found ${oursQueries} of ${targets.documentQueries} queries`;
  } else if (verdict === 'MISS') {
    note = `median ${oursSummary.p50.toFixed(0)} ms ≥ ${targets.documentMillis} ms`;
  }
  if (oursDiagnostics !== officialDiagnostics * officialScale) {
    note = [note, `ours reports ${oursDiagnostics} diagnostics on the document, the official service ${officialDiagnostics * officialScale}`].filter(Boolean).join('; ');
  }
  return {
    row: {
      id: 'document',
      label: `${targets.documentQueries.toLocaleString('en')}-query document, diagnosed`,
      unit: 'ms',
      ours: oursSummary,
      official: officialSummary,
      ratio,
      target: `< ${targets.documentMillis} ms`,
      verdict,
      note,
    },
    detail: {
      characters: document.text.length,
      oursQueriesFound: oursQueries,
      oursDiagnostics,
      officialDiagnostics,
      officialExtrapolatedFrom: officialQueries.length,
      oursRunsMs: oursRuns,
      officialRunsMs: officialRuns,
      ratio,
    },
  };
}

/** The median of three bare `node -e 0` starts, with `env` added to this process's environment. */
async function medianBareNodeStart(env: Record<string, string | undefined> = {}): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) runs.push(await timeBareNodeStart(env));
  return median(runs);
}

async function measureInitialize(queries: string[]): Promise<{ row: ResultRow; detail: object }> {
  const serverPath = join(repoRoot, 'dist', 'server.js');
  // Every process here is started as the extension starts the server (server/environment.ts), the baselines too.
  const bareNode = await medianBareNodeStart(serverEnvironment);
  const droppedHere = Object.keys(serverEnvironment).filter((name) => process.env[name] !== undefined);
  const inheritedBareNode = droppedHere.length > 0 ? await medianBareNodeStart() : undefined;
  const base = { id: 'initialize', label: 'LSP initialize round trip (spawn → response)', unit: 'ms' as const, target: `< ${targets.initializeMillis} ms` };
  const notApplicable = (reason: string) => ({ row: { ...base, verdict: 'N/A' as const, note: reason }, detail: { bareNodeStartMs: bareNode, failure: reason } });
  if (!existsSync(serverPath)) return notApplicable('dist/server.js missing: run `npm run build`');
  // The baseline: a server of the same library that does nothing, bundled as ours is, spawned in turn with ours.
  const emptyPath = await bundle('bench/lib/emptyLanguageServer.ts', 'empty-language-server', { minify: true });
  // Ours keeps a V8 code cache in the user's cache directory; a directory of the run's own makes the first start a cold one.
  const cacheHome = mkdtempSync(join(tmpdir(), 'apl-bench-cache-'));
  const oursOptions = { env: { ...serverEnvironment, XDG_CACHE_HOME: cacheHome }, open: queries[0] };
  try {
    const cold = await timeInitialize(serverPath, oursOptions);
    if (!cold.ok) return notApplicable(`${serverPath}: ${cold.reason}`);
    const timings: number[] = [];
    const diagnosticsTimings: number[] = [];
    const emptyTimings: number[] = [];
    for (let spawnIndex = 0; spawnIndex < targets.initializeSpawns; spawnIndex++) {
      const outcome = await timeInitialize(serverPath, oursOptions);
      const emptyOutcome = await timeInitialize(emptyPath, { env: serverEnvironment });
      if (!outcome.ok) return notApplicable(`${serverPath}: ${outcome.reason}`);
      if (!emptyOutcome.ok) return notApplicable(`${emptyPath}: ${emptyOutcome.reason}`);
      timings.push(outcome.milliseconds);
      diagnosticsTimings.push(outcome.diagnosticsMilliseconds ?? Number.NaN);
      emptyTimings.push(emptyOutcome.milliseconds);
    }
    const ours = summarize(timings);
    const empty = summarize(emptyTimings);
    const verdict: Verdict = ours.p50 < targets.initializeMillis ? 'PASS' : 'MISS';
    const difference = ours.p50 - empty.p50;
    const inherited =
      inheritedBareNode === undefined ? '' : ` (${inheritedBareNode.toFixed(0)} ms with this shell's ${droppedHere.join(', ')}, which the extension does not pass on)`;
    const note =
      `an empty vscode-languageserver server answers in ${empty.p50.toFixed(0)} ms (ours ${(ours.p50 / empty.p50).toFixed(2)}×, ` +
      `${Math.abs(difference).toFixed(0)} ms ${difference >= 0 ? 'more' : 'less'}); bare \`node -e 0\` spawn→exit takes ${bareNode.toFixed(0)} ms on this machine${inherited}; ` +
      `ours with no code cache yet (first start) ${cold.milliseconds.toFixed(0)} ms; spawn → first diagnostics ${median(diagnosticsTimings).toFixed(0)} ms`;
    return {
      row: { ...base, ours, verdict, note },
      detail: {
        timingsMs: timings,
        firstDiagnosticsMs: diagnosticsTimings,
        coldStart: { initializeMs: cold.milliseconds, firstDiagnosticsMs: cold.diagnosticsMilliseconds },
        emptyServerTimingsMs: emptyTimings,
        bareNodeStartMs: bareNode,
        ...(inheritedBareNode === undefined ? {} : { bareNodeStartWithInheritedEnvironmentMs: inheritedBareNode, variablesNotPassedOn: droppedHere }),
      },
    };
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
}

function timed<T>(work: () => T): { value: T; millis: number } {
  const start = process.hrtime.bigint();
  const value = work();
  return { value, millis: Number(process.hrtime.bigint() - start) / 1e6 };
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const schema = loadSchema();
  const queries = loadQueries();
  const { exports: ourModule } = await loadBundled<typeof import('./our-service.ts')>('bench/our-service.ts', 'our-service');
  const ours = ourModule.createOurService(schema);
  const { value: official, millis: officialLoadMs } = timed(() => createOfficialService(schema));
  // The first call pays for lazy set-up (our grammar's self-analysis, the official catalog).
  const firstCallMs = {
    ours: timed(() => ours.diagnose(queries[0])).millis,
    official: timed(() => official.diagnose(queries[0])).millis,
  };
  // Other processes share this machine; a load above the core count slows both sides and widens p95s.
  const loadAtStart = loadavg()[0];
  console.log(`workload: ${queries.length} queries${quick ? ' (--quick)' : ''}; load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores`);
  console.log(`cold start: official service loads in ${officialLoadMs.toFixed(0)} ms; first query: ours ${firstCallMs.ours.toFixed(0)} ms, official ${firstCallMs.official.toFixed(0)} ms`);

  const unclean = queries.map((query, index) => ({ index, diagnostics: official.describeDiagnostics(query) })).filter((entry) => entry.diagnostics.length > 0);
  for (const { index, diagnostics } of unclean) console.warn(`warning: the official service flags workload query ${index}: ${diagnostics.join(' | ')}`);

  const found = ours.countQueries(queries.join('\n\n'));
  if (found !== queries.length) oursPlaceholderReason = `our parser found ${found} of ${queries.length} workload queries (placeholder?)`;

  const sections: { row: ResultRow; detail: object }[] = [];
  if (!shapesOnly) {
    sections.push(measureAnalysis(queries, ours, official));
    for (const context of ['after-pipe', 'in-where', 'in-summarize-by'] as const) sections.push(measureCompletion(queries, context, ours, official));
    sections.push(measureDocument(queries, ours, official));
    sections.push(await measureInitialize(queries));
  }
  const shapes = measureShapes(ours, official, quick);

  const rows = [...sections.map((section) => section.row), ...shapes.rows];
  console.log('\n' + formatTable(rows) + '\n');
  const outputPath = join(repoRoot, '.bench', 'language.json');
  writeJson(outputPath, {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpu: cpus()[0]?.model,
    quick,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    targets,
    workload: { queries: queries.length, officialFlagged: unclean.length },
    officialLoadMs,
    firstCallMs,
    rows,
    details: { ...Object.fromEntries(sections.map((section) => [section.row.id, section.detail])), shapes: shapes.detail },
  });
  console.log(`results written to ${outputPath}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
