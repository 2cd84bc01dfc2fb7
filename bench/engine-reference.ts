/**
 * Runs the example queries of the public APL reference that read `sample-http-logs` or
 * `otel-demo-traces` against `apl serve --demo`, over HTTP, and reports the share that answers
 * without an error, with the failures grouped by message. Failures that name a field or dataset
 * neither the demo data nor the playground schema has (the reference's placeholders, `field`,
 * `x`, `security-logs`) are counted and grouped apart, with the share among the other examples.
 *
 *   APL_DOCS_DIR=<docs checkout> npm run bench:engine-reference
 *   node --import tsx bench/engine-reference.ts <docs checkout> [--verbose]
 *
 * The service is the built CLI (`dist/cli.js`, so `npm run build` first) in a temporary data
 * directory. Every failure goes to .bench/engine-reference.txt; the examples never enter the
 * repository.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir, scratchDir, startAplService, stopAll, type AplService } from '../scripts/e2e/harness.ts';
import { repoRoot } from './lib/paths.ts';
import { extractExamples, referencePath, type Example } from './reference/examples.ts';
import { loadPlaygroundSchema, playgroundDatasetsIn } from './reference/playground.ts';

const demoDatasets = new Set(['sample-http-logs', 'otel-demo-traces']);

interface Outcome {
  example: Example;
  status: number;
  error?: string;
}

const args = process.argv.slice(2);
const docsDirectory = args.find((arg) => !arg.startsWith('--')) || process.env.APL_DOCS_DIR;
if (!docsDirectory || !existsSync(join(docsDirectory, referencePath))) {
  console.error(`usage: APL_DOCS_DIR=<docs checkout containing ${referencePath}> npm run bench:engine-reference`);
  process.exit(2);
}
const cli = join(repoRoot, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(2);
}

const schema = loadPlaygroundSchema();
const examples = extractExamples(docsDirectory).examples.filter((example) =>
  playgroundDatasetsIn(example.block.text, schema).some((name) => demoDatasets.has(name)),
);

const token = 'xapt-engine-reference-bench';
const work = scratchDir('apl-engine-reference-');

async function runOne(url: string, example: Example): Promise<Outcome> {
  const response = await fetch(`${url}/v1/datasets/_apl?format=tabular`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' },
    body: JSON.stringify({ apl: example.block.text }),
    signal: AbortSignal.timeout(120_000),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string; detail?: { message?: string } };
  if (response.status === 200) return { example, status: 200 };
  return { example, status: response.status, error: body.detail?.message ?? body.message ?? `HTTP ${response.status}` };
}

/** Messages grouped once the names in quotes and the numbers are abstracted. */
function categoryOf(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 160);
}

let service: AplService | undefined;
try {
  // The demo datasets at their default size (no --demo-events).
  service = await startAplService(work, undefined, token);
  const url = service.url;
  const outcomes: Outcome[] = [];
  for (const example of examples) {
    if (args.includes('--trace')) console.log(`${example.block.file}:${example.block.line}`);
    const started = performance.now();
    outcomes.push(await runOne(url, example).catch((error: Error) => ({ example, status: 0, error: `no answer: ${error.message}` })));
    const seconds = (performance.now() - started) / 1000;
    if (seconds > 5) console.log(`slow (${seconds.toFixed(1)} s): ${example.block.file}:${example.block.line}`);
  }
  const failures = outcomes.filter((outcome) => outcome.status !== 200);
  const placeholders = failures.filter((failure) => namesWhatNoSchemaHas(failure, schema));
  const engineFailures = failures.filter((failure) => !placeholders.includes(failure));
  const rank = (members: Outcome[]) => {
    const groups = new Map<string, Outcome[]>();
    for (const failure of members) {
      const category = categoryOf(failure.error!);
      groups.set(category, [...(groups.get(category) ?? []), failure]);
    }
    return [...groups].sort((a, b) => b[1].length - a[1].length);
  };
  const ranked = rank(engineFailures);
  const rankedPlaceholders = rank(placeholders);
  const ok = outcomes.length - failures.length;
  const percent = (part: number, whole: number) => (whole ? ((100 * part) / whole).toFixed(1) : '—');
  const runnable = outcomes.length - placeholders.length;
  const lines = [
    `reference examples reading sample-http-logs or otel-demo-traces: ${outcomes.length}`,
    `ran without error: ${ok}/${outcomes.length} (${percent(ok, outcomes.length)}%), target ≥ 95%`,
    `examples naming a field or dataset that neither apl serve --demo nor the playground schema has (placeholders such as \`field\`): ${placeholders.length}`,
    `ran without error among the other examples: ${ok}/${runnable} (${percent(ok, runnable)}%)`,
    '',
    'engine failures by message:',
    ...ranked.map(([category, members]) => `  ${String(members.length).padStart(4)}  ${category}`),
    '',
    'placeholder failures by message:',
    ...rankedPlaceholders.map(([category, members]) => `  ${String(members.length).padStart(4)}  ${category}`),
  ];
  console.log(lines.join('\n'));
  const details = [...ranked, ...rankedPlaceholders].flatMap(([category, members]) => [
    `## ${category} (${members.length})`,
    ...members.flatMap((member) => [`- ${member.example.block.file}:${member.example.block.line}: ${member.error}`, indent(member.example.block.text), '']),
  ]);
  const outputPath = join(repoRoot, '.bench', 'engine-reference.txt');
  writeFileSync(outputPath, [...lines, '', ...details].join('\n') + '\n');
  if (args.includes('--verbose')) console.log(details.join('\n'));
  console.log(`\ndetails: ${outputPath}`);
} finally {
  await stopAll(service?.process);
  removeDir(work);
}

/**
 * A failure that names a field or dataset the playground itself lacks: the reference's placeholder
 * names (`field`, `x`, `security-logs`), which no service could answer, rather than an engine gap.
 */
function namesWhatNoSchemaHas(failure: Outcome, playground: ReturnType<typeof loadPlaygroundSchema>): boolean {
  const column = /^Unknown column '([^']+)'/.exec(failure.error ?? '');
  if (column) {
    // A name the example defines itself (`name = ...`) is the engine's or the analyzer's miss.
    const escaped = column[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\w.])${escaped}\\s*=(?!=)`).test(failure.example.block.text)) return false;
    const read = playgroundDatasetsIn(failure.example.block.text, playground);
    return !playground.datasets.some((dataset) => read.includes(dataset.name) && dataset.fields.some((field) => field.name === column[1]));
  }
  const dataset = /^Unknown dataset '([^']+)'/.exec(failure.error ?? '');
  return !!dataset && !demoDatasets.has(dataset[1]!);
}

function indent(text: string): string {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}
