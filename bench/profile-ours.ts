/**
 * CPU profile of our side of the language benchmark alone, from the same bundle the benchmark
 * runs: per-query analysis, completion at the benchmark's cursors and the 2,000-query document,
 * a few seconds each. Prints the functions with the most self time and our functions by total
 * time, and writes `.bench/ours.cpuprofile` (opens in DevTools).
 *
 *   node --import tsx bench/profile-ours.ts [seconds per phase, default 3] [analysis|completion|document ...]
 */
import { join } from 'node:path';
import { loadBundled } from './lib/bundle.ts';
import { functionTimes, profile, sourceLocator, type HotFunction } from './lib/cpuProfile.ts';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { warmUp } from './lib/timing.ts';
import { buildDocument, cursorCases, loadQueries, loadSchema, type CursorCase } from './lib/workload.ts';

function repeatFor(seconds: number, sweep: () => void): void {
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  do sweep();
  while (process.hrtime.bigint() < deadline);
}

const phaseNames = ['analysis', 'completion', 'document'] as const;
type Phase = (typeof phaseNames)[number];

function parseArguments(args: string[]): { seconds: number; phases: Phase[] } {
  const seconds = args.length > 0 && !Number.isNaN(Number(args[0])) ? Number(args.shift()) : 3;
  const unknown = args.filter((arg) => !(phaseNames as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`unknown phase ${unknown.join(', ')}; phases are ${phaseNames.join(', ')}`);
  return { seconds, phases: args.length > 0 ? (args as Phase[]) : [...phaseNames] };
}

async function main(): Promise<void> {
  const { seconds, phases } = parseArguments(process.argv.slice(2));
  const queries = loadQueries();
  const bundle = await loadBundled<typeof import('./our-service.ts')>('bench/our-service.ts', 'our-service');
  const ours = bundle.exports.createOurService(loadSchema());
  const cursors: CursorCase[] = (['after-pipe', 'in-where', 'in-summarize-by'] as const).flatMap((context) => cursorCases(queries, context));
  const document = buildDocument(queries, 2_000).text;

  warmUp(queries, (query) => ours.diagnose(query), 20);
  warmUp(cursors, ({ query, offset }) => ours.complete(query, offset), 20);

  const sweeps: Record<Phase, () => void> = {
    analysis: () => queries.forEach((query) => ours.diagnose(query)),
    completion: () => cursors.forEach(({ query, offset }) => ours.complete(query, offset)),
    document: () => ours.diagnoseDocument(document),
  };
  const cpuProfile = await profile(() => phases.forEach((phase) => repeatFor(seconds, sweeps[phase])));

  const outputPath = join(repoRoot, '.bench', 'ours.cpuprofile');
  writeJson(outputPath, cpuProfile);
  const times = functionTimes(cpuProfile, sourceLocator(bundle.path, repoRoot));
  const line = (millis: number, share: number, hot: HotFunction) => `${millis.toFixed(0).padStart(7)} ms  ${(share * 100).toFixed(1).padStart(5)}%  ${hot.name} (${hot.location})`;
  console.log('by self time (own code only):');
  for (const hot of [...times].sort((a, b) => b.selfMillis - a.selfMillis).slice(0, 25)) console.log(line(hot.selfMillis, hot.selfShare, hot));
  console.log('\nby total time, our sources only (where the time goes, phase by phase):');
  const ourSources = times.filter((hot) => hot.location.startsWith('language/'));
  for (const hot of ourSources.sort((a, b) => b.totalMillis - a.totalMillis).slice(0, 25)) console.log(line(hot.totalMillis, hot.totalShare, hot));
  console.log(`\nfull profile: ${outputPath}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
