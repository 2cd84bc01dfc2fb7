/**
 * Measures the language core against the example queries of the public APL reference.
 *
 *   node --import tsx bench/reference-examples.ts <docs checkout> [--ours-only]
 *   APL_DOCS_DIR=<docs checkout> npm run bench:reference
 *
 * It extracts the examples (see reference/exampleFilter.ts for what is left out and why), parses
 * each, and analyses those that read a playground dataset against reference/playground-schema.json.
 * Figures and grouped misses go to stdout; every miss, every left-out block and the raw results go
 * to .bench/reference-examples.{txt,json}. The examples themselves never enter the repository.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { extractExamples, referencePath } from './reference/examples.ts';
import { createOfficialChecker } from './reference/officialChecker.ts';
import { createOurChecker } from './reference/ourChecker.ts';
import { loadPlaygroundSchema } from './reference/playground.ts';
import { measure, type Measurement } from './reference/measure.ts';
import { formatDetails, formatSummary } from './reference/report.ts';

const args = process.argv.slice(2);
const docsDirectory = args.find((arg) => !arg.startsWith('--'));
if (!docsDirectory || !existsSync(join(docsDirectory, referencePath))) {
  console.error(`usage: node --import tsx bench/reference-examples.ts <docs checkout containing ${referencePath}> [--ours-only]`);
  process.exit(2);
}

const schema = loadPlaygroundSchema();
const extraction = extractExamples(docsDirectory);
const measurements: Measurement[] = [measure('ours', createOurChecker(schema), extraction.examples, schema)];
if (!args.includes('--ours-only')) measurements.push(measure('official', createOfficialChecker(schema), extraction.examples, schema));

const outputBase = join(repoRoot, '.bench', 'reference-examples');
writeJson(`${outputBase}.json`, { measurements, leftOut: extraction.leftOut.map(({ block, reason, detail }) => ({ file: block.file, line: block.line, reason, detail })) });
writeFileSync(`${outputBase}.txt`, formatDetails(extraction, measurements));
console.log(formatSummary(extraction, measurements));
console.log(`\ndetails: ${outputBase}.txt`);
