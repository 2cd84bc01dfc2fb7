// Turns the shared APL catalog (JSON) into `language/catalog/catalog.generated.ts`, so the
// build never reads ../shared. Usage: node scripts/generate-catalog.mjs [path/to/catalog.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourcePath = resolve(process.argv[2] ?? resolve(root, '../shared/apl/catalog.json'));
const outputPath = resolve(root, 'language/catalog/catalog.generated.ts');

const render = await tsImport('../language/catalog/render.ts', import.meta.url);
const catalog = JSON.parse(readFileSync(sourcePath, 'utf8'));

// Names that appear only in examples have no reference page; link to the closest one.
const introductionPath = catalog.lexical.queryShape.docPath;
const comparisonPath = catalog.scalarOperators.comparison[0].docPath;

const optional = (value) => (value === undefined || value === null ? undefined : value);

// Trailing parameters Kusto defines that an APL page's syntax line leaves out, while its examples or
// the engine (following Kusto where the page is silent) use them.
const kustoParameters = {
  array_shift_left: [{ name: 'default_value', type: 'any', optional: true, variadic: false }],
  array_shift_right: [{ name: 'default_value', type: 'any', optional: true, variadic: false }],
};

function functionEntry(source, kind, documented = true) {
  const docUrl = render.docUrlFromPath(source.docPath);
  const extra = kustoParameters[source.name] ?? [];
  const entry = {
    name: source.name,
    kind,
    category: source.category,
    signatures: source.signatures.map((signature) => ({ ...signature, params: [...signature.params, ...extra] })),
    summary: source.summary,
    note: optional(source.note),
    aliasOf: optional(source.aliasOf),
    defaultOutputName: optional(source.defaultOutputName),
    documented,
    docUrl,
  };
  return { ...entry, doc: render.functionDoc(entry) };
}

function operatorEntry(source, documented = true) {
  const docUrl = render.docUrlFromPath(source.docPath ?? introductionPath);
  const entry = {
    name: source.name,
    syntax: source.syntax,
    summary: source.summary,
    note: optional(source.note),
    keywords: source.keywords ?? [],
    aliasOf: optional(source.aliasOf),
    aliases: optional(source.aliases),
    defaults: optional(source.defaults),
    role: optional(source.role),
    status: optional(source.status),
    outputColumns: optional(source.outputColumns),
    documented,
    docUrl,
  };
  return { ...entry, doc: render.operatorDoc(entry) };
}

function scalarOperatorEntry(source, group) {
  const documented = source.documented !== false;
  const docUrl = render.docUrlFromPath(source.docPath ?? comparisonPath);
  const entry = {
    op: source.op,
    group,
    negation: source.negation,
    caseSensitive: source.caseSensitive,
    matchKind: optional(source.kind),
    aliases: optional(source.aliases),
    summary: source.summary,
    documented,
    docUrl,
  };
  return { ...entry, doc: render.scalarOperatorDoc(entry) };
}

const typeNames = new Set(catalog.dataTypes.map((type) => type.name));

function dataTypeEntry(source) {
  // An alias may carry a remark ("long (docs call long an alias of int)"); keep the word, and
  // drop it when it names a type of its own.
  const aliases = source.aliases
    .map((alias) => alias.split(/\s/)[0])
    .filter((alias) => alias && !typeNames.has(alias));
  const entry = {
    name: source.name,
    aliases,
    literals: source.literals,
    notes: source.notes ?? '',
    docUrl: render.docUrlFromPath(source.docPath),
  };
  return { ...entry, doc: render.dataTypeDoc(entry) };
}

const operators = catalog.tabularOperators.map((source) => operatorEntry(source));
for (const source of catalog.undocumentedButUsedInExamples.tabular) {
  operators.push(operatorEntry({ ...source, role: 'source' }, false));
}

const scalarFunctions = catalog.scalarFunctions.map((source) => functionEntry(source, 'scalar'));
const bagPack = catalog.scalarFunctions.find((source) => source.name === 'bag_pack');
const pack = catalog.undocumentedButUsedInExamples.scalar.find((source) => source.name === 'pack');
if (bagPack && pack) {
  scalarFunctions.push(
    functionEntry({ ...bagPack, name: 'pack', summary: pack.summary, aliasOf: 'bag_pack', note: undefined }, 'scalar', false),
  );
}

const aggregations = catalog.aggregationFunctions.map((source) => functionEntry(source, 'aggregation'));

const scalarOperators = [];
for (const [group, entries] of Object.entries(catalog.scalarOperators)) {
  for (const source of entries) scalarOperators.push(scalarOperatorEntry(source, group));
}

const dataTypes = catalog.dataTypes.map(dataTypeEntry);

// One entry per line keeps the file small and its diffs readable.
const json = (value) =>
  Array.isArray(value) && value.some((item) => typeof item === 'object')
    ? `[\n${value.map((item) => `  ${JSON.stringify(item)},`).join('\n')}\n]`
    : JSON.stringify(value);
const { commit } = catalog.meta.source;

const output = `// Generated by scripts/generate-catalog.mjs from the shared APL catalog (docs commit ${commit.slice(0, 12)}).
// Do not edit by hand: run \`npm run generate\`.
import type { DataTypeEntry, FunctionEntry, OperatorEntry, ScalarOperatorEntry } from './catalogTypes.ts';

export const operatorEntries: OperatorEntry[] = ${json(operators)};

export const scalarFunctionEntries: FunctionEntry[] = ${json(scalarFunctions)};

export const aggregationEntries: FunctionEntry[] = ${json(aggregations)};

export const scalarOperatorEntries: ScalarOperatorEntry[] = ${json(scalarOperators)};

export const dataTypeEntries: DataTypeEntry[] = ${json(dataTypes)};

/** Type names accepted inside \`typeof(...)\`. */
export const typeofNames: string[] = ${json(catalog.typeNames.forTypeof)};

export const getschemaColumns: string[] = ${json(catalog.typeNames.getschemaColumns)};

/** Documented counts, for checking the generated data against its source. */
export const catalogCounts = ${json({
  tabularOperators: catalog.counts.tabularOperators,
  scalarFunctions: catalog.counts.scalarFunctions,
  aggregationFunctions: catalog.counts.aggregationFunctions,
  stringOperators: catalog.counts.stringOperators,
})};
`;

writeFileSync(outputPath, output);
console.log(
  `wrote ${outputPath}: ${operators.length} operators, ${scalarFunctions.length} scalar functions, ` +
    `${aggregations.length} aggregations, ${scalarOperators.length} scalar operators, ${dataTypes.length} types`,
);
