import * as generated from './catalog.generated.ts';
import { getschemaColumns as getschemaColumnNames, typeofNames } from './catalog.generated.ts';
import type { DataTypeEntry, FunctionEntry, OperatorEntry, ScalarOperatorEntry, TypeName } from './catalogTypes.ts';
import { writtenDocs } from './docs.generated.ts';
import { dataTypeDoc, functionDoc, operatorDoc, scalarOperatorDoc } from './render.ts';

export type * from './catalogTypes.ts';
export { renderSignature, signatureLabel, docUrlFromPath, type SignatureLabel } from './render.ts';

/** The entry with its doc rendered around the user documentation written for it, when there is some. */
function withWrittenDoc<T extends { doc: string }>(entry: T, key: string, render: (written: string) => string): T {
  const written = writtenDocs[key];
  return written === undefined ? entry : { ...entry, doc: render(written) };
}

const operatorEntries = generated.operatorEntries.map((entry) => withWrittenDoc(entry, `operator:${entry.name}`, (written) => operatorDoc({ ...entry, written })));
const scalarFunctionEntries = generated.scalarFunctionEntries.map((entry) => withWrittenDoc(entry, `function:${entry.name}`, (written) => functionDoc({ ...entry, written })));
const aggregationEntries = generated.aggregationEntries.map((entry) => withWrittenDoc(entry, `aggregation:${entry.name}`, (written) => functionDoc({ ...entry, written })));
const scalarOperatorEntries = generated.scalarOperatorEntries.map((entry) => withWrittenDoc(entry, `scalarOperator:${entry.op}`, (written) => scalarOperatorDoc({ ...entry, written })));
const dataTypeEntries = generated.dataTypeEntries.map((entry) => withWrittenDoc(entry, `type:${entry.name}`, (written) => dataTypeDoc({ ...entry, written })));

export interface WrittenFunctionDoc {
  /** The first paragraph: what the function does. */
  summary: string;
  /** What the doc says of each parameter, by name. */
  parameters: Map<string, string>;
}

const writtenFunctionDocs = new Map<string, WrittenFunctionDoc | undefined>();

/** The parts of a function's written documentation that signature help shows: its summary and its parameters. */
export function writtenFunctionDoc(entry: FunctionEntry): WrittenFunctionDoc | undefined {
  const key = `${entry.kind === 'aggregation' ? 'aggregation' : 'function'}:${entry.name}`;
  if (!writtenFunctionDocs.has(key)) writtenFunctionDocs.set(key, readFunctionDoc(writtenDocs[key]));
  return writtenFunctionDocs.get(key);
}

/** A section's first paragraph and its `- \`name\`: meaning` lines (a meaning may go on over indented lines). */
function readFunctionDoc(body: string | undefined): WrittenFunctionDoc | undefined {
  if (body === undefined) return undefined;
  const lines = body.split('\n');
  const summary = firstParagraph(lines);
  const parameters = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines) {
    const parameter = /^- `([^`]+)`: (.*)$/.exec(line);
    if (parameter) parameters.set((current = parameter[1]!), parameter[2]!);
    else if (current !== undefined && /^ {2}\S/.test(line)) parameters.set(current, `${parameters.get(current)} ${line.trim()}`);
    else current = undefined;
  }
  return { summary, parameters };
}

function firstParagraph(lines: readonly string[]): string {
  const blank = lines.findIndex((line) => line.trim() === '');
  return lines.slice(0, blank < 0 ? lines.length : blank).join(' ');
}

/**
 * What an operator or function does, in a sentence or two for users: the first paragraph of its
 * written documentation (the catalog's own `summary` is a note for us, kept only as a fallback).
 */
export function summaryOf(entry: OperatorEntry | FunctionEntry): string {
  if ('kind' in entry) return writtenFunctionDoc(entry)?.summary ?? entry.summary;
  const written = writtenDocs[`operator:${entry.name}`];
  return written === undefined ? entry.summary : firstParagraph(written.split('\n'));
}

function byKey<T>(entries: readonly T[], key: (entry: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const entry of entries) map.set(key(entry), entry);
  return map;
}

const operatorsByName = byKey(operatorEntries, (entry) => entry.name);
const scalarFunctionsByName = byKey(scalarFunctionEntries, (entry) => entry.name);
const aggregationsByName = byKey(aggregationEntries, (entry) => entry.name);
const stringOperatorEntries = scalarOperatorEntries.filter((entry) => entry.group === 'string');

// A spelling finds its own entry first, then the entry it negates or is an alias of.
const scalarOperatorsBySpelling = new Map<string, ScalarOperatorEntry>();
for (const entry of scalarOperatorEntries) {
  if (!scalarOperatorsBySpelling.has(entry.op)) scalarOperatorsBySpelling.set(entry.op, entry);
}
for (const entry of scalarOperatorEntries) {
  for (const spelling of [...(entry.aliases ?? []), entry.negation]) {
    if (spelling && !scalarOperatorsBySpelling.has(spelling)) scalarOperatorsBySpelling.set(spelling, entry);
  }
}

const typeNamesBySpelling = new Map<string, TypeName>();
for (const entry of dataTypeEntries) {
  typeNamesBySpelling.set(entry.name, entry.name);
  for (const alias of entry.aliases) typeNamesBySpelling.set(alias, entry.name);
}
// The service's schema vocabulary (string, integer, float, boolean, datetime, timespan, array, object/map).
const serviceTypeNames: Record<string, TypeName> = {
  integer: 'long',
  float: 'real',
  boolean: 'bool',
  array: 'dynamic',
  object: 'dynamic',
  map: 'dynamic',
  'object/map': 'dynamic',
};
for (const [spelling, name] of Object.entries(serviceTypeNames)) {
  if (!typeNamesBySpelling.has(spelling)) typeNamesBySpelling.set(spelling, name);
}

const typeofNameSet = new Set(typeofNames);
const dataTypesByName = byKey(dataTypeEntries, (entry) => entry.name);

/** Tabular operators, including `print` and `datatable`, which only appear in examples. */
export function operators(): readonly OperatorEntry[] {
  return operatorEntries;
}

export function findOperator(name: string): OperatorEntry | undefined {
  return operatorsByName.get(name);
}

/** Scalar functions, including the undocumented `pack` (another name for `bag_pack`). */
export function scalarFunctions(): readonly FunctionEntry[] {
  return scalarFunctionEntries;
}

export function findScalarFunction(name: string): FunctionEntry | undefined {
  return scalarFunctionsByName.get(name);
}

export function aggregations(): readonly FunctionEntry[] {
  return aggregationEntries;
}

export function findAggregation(name: string): FunctionEntry | undefined {
  return aggregationsByName.get(name);
}

/** A scalar function or, failing that, an aggregation. */
export function findFunction(name: string): FunctionEntry | undefined {
  return scalarFunctionsByName.get(name) ?? aggregationsByName.get(name);
}

export function scalarOperators(): readonly ScalarOperatorEntry[] {
  return scalarOperatorEntries;
}

/** The string operators (`==`, `=~`, `contains`, `has_cs`, `matches regex`, ...); negations are a field of each. */
export function stringOperators(): readonly ScalarOperatorEntry[] {
  return stringOperatorEntries;
}

/**
 * The entry for an operator spelling: its own (`!in`, `==`), else the one it negates (`!contains`
 * → `contains`) or is an alias of (`<>` → `!=`). Case and spacing are normalised.
 */
export function findScalarOperator(spelling: string): ScalarOperatorEntry | undefined {
  return scalarOperatorsBySpelling.get(spelling.toLowerCase().replace(/\s+/g, ' ').trim());
}

export function dataTypes(): readonly DataTypeEntry[] {
  return dataTypeEntries;
}

/** The entry of a type name or alias (`date` → datetime). */
export function findDataType(name: string): DataTypeEntry | undefined {
  const normalized = normalizeTypeName(name);
  return normalized ? dataTypesByName.get(normalized) : undefined;
}

/**
 * Folds a type spelling to APL's type name: APL aliases (`date`, `time`, `double`, `boolean`) and
 * the service's schema names (`integer` → long, `float` → real, `array`/`object`/`map` → dynamic).
 * Returns undefined for anything else.
 */
export function normalizeTypeName(name: string): TypeName | undefined {
  return typeNamesBySpelling.get(name) ?? typeNamesBySpelling.get(name.trim().toLowerCase());
}

/** Whether a name may stand inside `typeof(...)`. */
export function isTypeofName(name: string): boolean {
  return typeofNameSet.has(name);
}

export function typeofTypeNames(): readonly string[] {
  return typeofNames;
}

/** The columns `getschema` produces. */
export function getschemaColumns(): readonly string[] {
  return getschemaColumnNames;
}
