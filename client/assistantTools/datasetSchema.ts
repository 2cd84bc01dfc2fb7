/** `get_dataset_schema`: one dataset's fields and types, with a few sample values on request. */
import { closestName } from '../../language/index.ts';
import { isServiceError, type Connection } from '../connection.ts';
import { cellText } from '../exportResults.ts';
import { toTable } from '../resultsModel.ts';
import type { Field } from '../serviceTypes.ts';
import { datasetReference } from '../../language/features/names.ts';
import { compactTable } from './compactTable.ts';
import { boundedSignal, type ToolLimits } from './limits.ts';
import type { ToolContext } from './toolContext.ts';
import { requestFailureText, toolError, type ToolOutput } from './toolOutput.ts';

export interface DatasetSchemaInput {
  dataset: string;
  /** Distinct values to show per field, 0 (the default) for none. */
  sampleValues?: number;
}

/** Events read to find sample values, from the last week. */
const sampledEvents = 50;
const sampleWindowMs = 7 * 86_400_000;
const maxSampleLength = 40;

export async function datasetSchema({ connection, limits }: ToolContext, input: DatasetSchemaInput, outer?: AbortSignal): Promise<ToolOutput> {
  const signal = boundedSignal(limits.timeoutMs, outer);
  let fields: Field[];
  try {
    fields = await connection.listFields(input.dataset, signal);
  } catch (error) {
    if (isServiceError(error) && error.status === 404) return unknownDataset(connection, input.dataset, limits, signal);
    return toolError(requestFailureText(error, connection.url, limits.timeoutMs));
  }
  fields = fields.filter((field) => !field.hidden).sort((a, b) => a.name.localeCompare(b.name));
  const samples = input.sampleValues ? await sampleValues(connection, input.dataset, input.sampleValues, signal) : undefined;
  const columns = [{ name: 'field', type: 'string' }, { name: 'type', type: 'string' }, { name: 'description', type: 'string' }];
  if (samples) columns.push({ name: 'sample values', type: 'string' });
  const rows = fields.map((field) => {
    const row: unknown[] = [field.name, field.type, [field.description, field.unit && `unit: ${field.unit}`].filter(Boolean).join('; ')];
    if (samples) row.push((samples.get(field.name) ?? []).join(', '));
    return row;
  });
  const table = compactTable({ columns, rows }, 'markdown', limits.maxChars - 300);
  const lines = [`Dataset ${datasetReference(input.dataset)}: ${fields.length} field${fields.length === 1 ? '' : 's'}.`, '', table.text];
  if (table.rowsShown < rows.length) lines.push(`… ${rows.length - table.rowsShown} more fields not shown (output limit).`);
  if (samples === null) lines.push('(No sample values: the sampling query failed.)');
  lines.push('', `In APL, quote a name with dots or dashes as ['name'], and the dataset as ${datasetReference(input.dataset)}.`);
  return { text: lines.join('\n') };
}

async function unknownDataset(connection: Connection, name: string, limits: ToolLimits, signal: AbortSignal): Promise<ToolOutput> {
  try {
    const names = (await connection.listDatasets(signal)).map((dataset) => dataset.name);
    const closest = closestName(name, names);
    const hint = closest ? ` Did you mean '${closest}'?` : '';
    return toolError(`No dataset named '${name}'.${hint} Datasets: ${names.slice(0, 50).join(', ') || '(none)'}`);
  } catch (error) {
    return toolError(`No dataset named '${name}' (and listing the datasets failed: ${requestFailureText(error, connection.url, limits.timeoutMs)})`);
  }
}

/** Up to `count` distinct values per field among recent events; null when the query failed. */
async function sampleValues(connection: Connection, dataset: string, count: number, signal: AbortSignal): Promise<Map<string, string[]> | null> {
  const now = Date.now();
  const range = { startTime: new Date(now - sampleWindowMs).toISOString(), endTime: new Date(now).toISOString() };
  try {
    const result = await connection.queryApl(`${datasetReference(dataset)} | take ${sampledEvents}`, range, signal);
    const main = result.tables.find((table) => table.name !== '_totals');
    const samples = new Map<string, string[]>();
    if (!main) return samples;
    const table = toTable(main);
    table.columns.forEach((column, index) => {
      const seen = new Set<string>();
      for (const row of table.rows) {
        if (seen.size >= count) break;
        const text = cellText(row[index]);
        if (text !== '') seen.add(text.length > maxSampleLength ? `${text.slice(0, maxSampleLength - 1)}…` : text);
      }
      samples.set(column.name, [...seen]);
    });
    return samples;
  } catch {
    return null;
  }
}
