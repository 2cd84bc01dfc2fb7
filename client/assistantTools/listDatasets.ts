/** `list_datasets`: the service's datasets with their descriptions and, on request, how many events each holds. */
import type { Connection } from '../connection.ts';
import type { Dataset } from '../serviceTypes.ts';
import { datasetReference } from '../../language/features/names.ts';
import { compactTable } from './compactTable.ts';
import { boundedSignal } from './limits.ts';
import type { ToolContext } from './toolContext.ts';
import { requestFailureText, toolError, type ToolOutput } from './toolOutput.ts';

/** Counting runs one query per dataset: only this many, a few at a time. */
const maxCounted = 25;
const concurrentCounts = 3;

export interface ListDatasetsInput {
  eventCounts?: boolean;
}

export async function listDatasets({ connection, limits }: ToolContext, input: ListDatasetsInput, outer?: AbortSignal): Promise<ToolOutput> {
  const signal = boundedSignal(limits.timeoutMs, outer);
  let datasets: Dataset[];
  try {
    datasets = await connection.listDatasets(signal);
  } catch (error) {
    return toolError(requestFailureText(error, connection.url, limits.timeoutMs));
  }
  if (datasets.length === 0) return { text: `The service at ${connection.url} has no datasets.` };
  datasets.sort((a, b) => a.name.localeCompare(b.name));
  const counts = input.eventCounts ? await countEvents(connection, datasets.slice(0, maxCounted), signal) : undefined;
  const columns = [{ name: 'dataset', type: 'string' }, { name: 'description', type: 'string' }];
  if (counts) columns.push({ name: 'events', type: 'long' });
  const rows = datasets.map((dataset, index) => {
    const row: unknown[] = [dataset.name, dataset.description ?? ''];
    if (counts) row.push(counts[index] ?? 'unknown');
    return row;
  });
  const table = compactTable({ columns, rows }, 'markdown', limits.maxChars - 200);
  const notes = [`${datasets.length} dataset${datasets.length === 1 ? '' : 's'}:`, '', table.text];
  if (table.rowsShown < rows.length) notes.push(`… ${rows.length - table.rowsShown} more not shown (output limit).`);
  if (counts && datasets.length > maxCounted) notes.push(`Events counted for the first ${maxCounted} datasets only.`);
  if (counts) notes.push('Events: all stored events, whatever their time.');
  return { text: notes.join('\n') };
}

/** Each dataset's event count, undefined where the count failed or ran out of time. */
async function countEvents(connection: Connection, datasets: Dataset[], signal: AbortSignal): Promise<(number | undefined)[]> {
  const counts: (number | undefined)[] = [];
  // The whole stored history: the epoch up to a day ahead (events may carry clocks a little fast).
  const range = { startTime: new Date(0).toISOString(), endTime: new Date(Date.now() + 86_400_000).toISOString() };
  let next = 0;
  const worker = async () => {
    while (next < datasets.length && !signal.aborted) {
      const index = next++;
      try {
        const result = await connection.queryApl(`${datasetReference(datasets[index]!.name)} | count`, range, signal);
        const value = result.tables.find((table) => table.name !== '_totals')?.columns[0]?.[0];
        counts[index] = typeof value === 'number' ? value : undefined;
      } catch {
        counts[index] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrentCounts }, worker));
  return counts;
}
