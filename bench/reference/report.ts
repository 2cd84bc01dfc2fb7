import type { Finding } from './checker.ts';
import type { Extraction } from './examples.ts';
import type { ExampleResult, Measurement } from './measure.ts';

interface Miss {
  result: ExampleResult;
  finding: Finding;
}

interface MissGroup {
  category: string;
  misses: Miss[];
  /** How often each abstracted name occurs in the group, most frequent first. */
  names: [string, number][];
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const ratio = (part: number, whole: number) => `${part}/${whole} (${percent(part, whole)})`;

function parseMisses(measurement: Measurement): Miss[] {
  return measurement.results.filter((result) => result.syntaxErrors.length > 0).map((result) => ({ result, finding: result.syntaxErrors[0] }));
}

function analysisMisses(measurement: Measurement): Miss[] {
  return measurement.results
    .filter((result) => result.analysisErrors !== undefined && result.analysisErrors.length > 0)
    .map((result) => ({ result, finding: (result.analysisErrors ?? [])[0] }));
}

/**
 * The category of a message: quoted names are abstracted (`Unknown column 'x'.` → `Unknown
 * column '…'.`) unless they are punctuation or keywords, which tell parse problems apart.
 * The abstracted names come back too, so a category can say which names it is made of.
 */
export function categoryOf(message: string): { category: string; names: string[] } {
  const names: string[] = [];
  const category = message.replace(/'([^']*)'/g, (quoted, content: string) => {
    if (!/^[A-Za-z_$][\w.$-]*$/.test(content) || keywordLike.has(content)) return quoted;
    names.push(content);
    return "'…'";
  });
  return { category, names };
}

const keywordLike = new Set([
  'by', 'on', 'with', 'kind', 'asc', 'desc', 'nulls', 'first', 'last', 'from', 'to', 'step', 'default', 'withsource',
  'with_itemindex', 'typeof', 'as', 'flags', 'let', 'set', 'in', 'between', 'and', 'or', 'not', 'limit', 'of',
  'true', 'false', 'null', 'dynamic', 'datetime', 'timespan', 'datatable', 'externaldata', 'print', 'union', 'search',
]);

function groupMisses(misses: readonly Miss[]): MissGroup[] {
  const groups = new Map<string, { misses: Miss[]; names: Map<string, number> }>();
  for (const miss of misses) {
    const { category, names } = categoryOf(miss.finding.message);
    const group = groups.get(category) ?? { misses: [], names: new Map<string, number>() };
    group.misses.push(miss);
    for (const name of names) group.names.set(name, (group.names.get(name) ?? 0) + 1);
    groups.set(category, group);
  }
  return [...groups]
    .map(([category, group]) => ({ category, misses: group.misses, names: [...group.names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) }))
    .sort((a, b) => b.misses.length - a.misses.length || a.category.localeCompare(b.category));
}

/** The source line holding the finding, trimmed, so a snippet shows the spot and not the dataset line. */
function lineAt(query: string, offset: number): string {
  const start = query.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  const end = query.indexOf('\n', offset);
  return query.slice(start, end === -1 ? undefined : end).trim();
}

const firstLine = (query: string) => query.split('\n', 1)[0].trim();
const where = (result: ExampleResult) => `${result.file}:${result.line}`;

function formatGroups(groups: readonly MissGroup[], examplesPerGroup: number, accepts?: (result: ExampleResult) => boolean): string[] {
  const lines: string[] = [];
  for (const group of groups) {
    const accepted = accepts ? group.misses.filter((miss) => accepts(miss.result)).length : undefined;
    lines.push(`  ${String(group.misses.length).padStart(4)}× ${group.category}${accepted === undefined ? '' : `   [official accepts ${accepted}]`}`);
    if (group.names.length > 0) {
      const shown = group.names.slice(0, 8).map(([name, count]) => `${name} ${count}`);
      lines.push(`          names: ${shown.join(', ')}${group.names.length > 8 ? `, … (${group.names.length} distinct)` : ''}`);
    }
    const seen = new Set<string>();
    for (const miss of group.misses) {
      const snippet = lineAt(miss.result.query, miss.finding.start);
      if (seen.has(snippet)) continue;
      seen.add(snippet);
      lines.push(`          ${snippet.length > 110 ? snippet.slice(0, 107) + '...' : snippet}   (${where(miss.result)})`);
      if (seen.size >= examplesPerGroup) break;
    }
  }
  return lines;
}

function extractionLines(extraction: Extraction): string[] {
  const reasons = new Map<string, number>();
  for (const { reason } of extraction.leftOut) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const allBlocks = [...extraction.blocksByLanguage.values()].reduce((sum, count) => sum + count, 0);
  const candidates = extraction.examples.length + extraction.leftOut.length;
  const distinct = new Set(extraction.examples.map(({ block }) => block.text)).size;
  return [
    `fenced blocks: ${allBlocks} (${[...extraction.blocksByLanguage].sort((a, b) => b[1] - a[1]).map(([language, count]) => `${language} ${count}`).join(', ')})`,
    `tagged kusto/apl: ${candidates}; examples: ${extraction.examples.length} (${distinct} distinct texts); left out: ${extraction.leftOut.length}` +
      ` (${[...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `${reason} ${count}`).join(', ')})`,
  ];
}

const isComparisonSnippet = (result: ExampleResult) => result.title === 'APL equivalent';

function analysisRatio(measurement: Measurement, include: (result: ExampleResult) => boolean): string {
  const analysed = measurement.results.filter((result) => result.analysisErrors !== undefined && include(result)).length;
  const missed = analysisMisses(measurement).filter(({ result }) => include(result)).length;
  return ratio(analysed - missed, analysed);
}

function figureLines(measurements: readonly Measurement[]): string[] {
  const rows = [
    ['', ...measurements.map((m) => m.service)],
    ['parse with no syntax error', ...measurements.map((m) => ratio(m.results.length - parseMisses(m).length, m.results.length))],
    ['playground examples with no error diagnostic', ...measurements.map((m) => analysisRatio(m, () => true))],
    // the comparison snippets read placeholder fields (field, value, array_field) on real datasets
    ['  the same without "APL equivalent" snippets', ...measurements.map((m) => analysisRatio(m, (result) => !isComparisonSnippet(result)))],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => '  ' + row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column] + 4))).join(''));
}

/** A lookup: does the other service accept this example (same file and line)? */
function acceptanceOf(other: Measurement | undefined, misses: (m: Measurement) => Miss[]): ((result: ExampleResult) => boolean) | undefined {
  if (!other) return undefined;
  const rejected = new Set(misses(other).map(({ result }) => where(result)));
  return (result) => !rejected.has(where(result));
}

export function formatSummary(extraction: Extraction, measurements: readonly Measurement[], groupsShown = 15): string {
  const [ours, official] = measurements;
  return [
    'APL reference examples',
    ...extractionLines(extraction),
    '',
    ...figureLines(measurements),
    '',
    `parse misses (${ours.service}), by first message:`,
    ...formatGroups(groupMisses(parseMisses(ours)).slice(0, groupsShown), 3, acceptanceOf(official, parseMisses)),
    '',
    `analysis misses (${ours.service}, playground examples), by first error:`,
    ...formatGroups(groupMisses(analysisMisses(ours)).slice(0, groupsShown), 3, acceptanceOf(official, analysisMisses)),
  ].join('\n');
}

export function formatDetails(extraction: Extraction, measurements: readonly Measurement[]): string {
  const sections: string[] = [...extractionLines(extraction), '', ...figureLines(measurements)];
  for (const measurement of measurements) {
    for (const [title, misses] of [
      ['parse misses', parseMisses(measurement)],
      ['analysis misses', analysisMisses(measurement)],
    ] as const) {
      sections.push('', `== ${measurement.service}: ${title} (${misses.length}), grouped`, ...formatGroups(groupMisses(misses), 5));
      sections.push('', `== ${measurement.service}: ${title}, every one`);
      for (const { result, finding } of misses) sections.push(`${where(result)}  ${firstLine(result.query)}  —  ${finding.message}`);
    }
  }
  sections.push('', `== left out (${extraction.leftOut.length})`);
  for (const { block, reason, detail } of extraction.leftOut) sections.push(`${block.file}:${block.line}  [${reason}: ${detail}]  ${firstLine(block.text)}`);
  return sections.join('\n') + '\n';
}
