/**
 * `run_apl`: checks the query first and, only when it has no error, runs it over a time range with
 * a row cap, answering a compact table and the query's status.
 */
import { parseTimespan } from '../../language/index.ts';
import type { QueryRange } from '../connection.ts';
import { toResultsModel } from '../resultsModel.ts';
import { parseAbsoluteRange, resolveTimeRange } from '../timeRange.ts';
import { describeCheck } from './checkQuery.ts';
import { checkWithSchema } from './checkTool.ts';
import { compactTable, type CompactFormat } from './compactTable.ts';
import { boundedSignal, clipText, defaultMaxRows, maxRowsCap, queryTextProblem } from './limits.ts';
import type { ToolContext } from './toolContext.ts';
import { requestFailureText, toolError, type ToolOutput } from './toolOutput.ts';

export interface RunInput {
  apl: string;
  /** An APL timespan ending now (`15m`, `1h`, `7d`); default 1h. */
  since?: string;
  /** With `endTime`, an absolute range (ISO 8601). */
  startTime?: string;
  endTime?: string;
  maxRows?: number;
  format?: CompactFormat;
}

export async function runTool(context: ToolContext, input: RunInput, outer?: AbortSignal): Promise<ToolOutput> {
  const problem = queryTextProblem(input.apl);
  if (problem) return toolError(problem);
  const range = readRange(input, new Date());
  if (typeof range === 'string') return toolError(range);
  const { check, schemaProblem } = await checkWithSchema(context, input.apl, outer);
  if (check.errors > 0) {
    return toolError(clipText(`Not run: ${describeCheck(check)}\nFix them and run it again (checking alone runs nothing).`, context.limits.maxChars));
  }
  const maxRows = Math.min(Math.max(1, Math.floor(Number.isFinite(input.maxRows) ? input.maxRows! : defaultMaxRows)), maxRowsCap);
  // One row more than shown tells whether there were more; appended on a line of its own so a
  // trailing comment cannot swallow it, after trimming so no blank line starts a second query.
  const capped = `${input.apl.trimEnd()}\n| take ${maxRows + 1}`;
  const { connection, limits } = context;
  let model;
  try {
    const result = await connection.queryApl(capped, range, boundedSignal(limits.timeoutMs, outer));
    model = toResultsModel(result, { query: input.apl, ...range });
  } catch (error) {
    return toolError(`The query failed. ${requestFailureText(error, connection.url, limits.timeoutMs)}`);
  }
  const rows = model.matches.rows;
  const more = rows.length > maxRows;
  const shownRows = { ...model.matches, rows: rows.slice(0, maxRows) };
  const header: string[] = [];
  const status = model.status;
  header.push(
    `Range ${range.startTime} to ${range.endTime} · ${status.rowsExamined.toLocaleString('en')} rows examined, ${status.rowsMatched.toLocaleString('en')} matched · ${status.elapsedMs.toFixed(1)} ms${status.isPartial ? ' · partial result' : ''}`,
  );
  for (const message of status.messages.slice(0, 5)) header.push(`Service: ${message}`);
  if (check.problems.length > 0) header.push(`Warnings: ${check.problems.map((problem) => `line ${problem.line}, column ${problem.column}: ${problem.message}`).join('; ')}`);
  if (schemaProblem) header.push(`(Checked without the schema: ${schemaProblem})`);
  const footerRoom = 300;
  const budget = Math.max(500, limits.maxChars - header.join('\n').length - footerRoom);
  const table = compactTable(shownRows, input.format ?? 'markdown', budget);
  const truncated = more || table.rowsShown < rows.length;
  const count = `${table.rowsShown} row${table.rowsShown === 1 ? '' : 's'}`;
  const footer = !truncated
    ? `${count}.`
    : more && table.rowsShown === maxRows
      ? `Truncated: the first ${count}; there are more (max_rows is ${maxRows}). Aggregate with summarize, or filter, rather than paging.`
      : `Truncated: ${count} shown of ${more ? `more than ${maxRows}` : rows.length} (cut to stay under ${limits.maxChars.toLocaleString('en')} characters; project fewer columns or lower max_rows).`;
  return { text: clipText([...header, '', table.text, '', footer].join('\n'), limits.maxChars) };
}

function readRange(input: RunInput, now: Date): QueryRange | string {
  if (input.startTime !== undefined || input.endTime !== undefined) {
    if (input.since !== undefined) return 'Give either since, or start_time and end_time.';
    if (input.startTime === undefined || input.endTime === undefined) return 'start_time and end_time go together.';
    const range = parseAbsoluteRange(`${input.startTime}/${input.endTime}`);
    return typeof range === 'string' ? range : resolveTimeRange(range, now);
  }
  const since = input.since ?? '1h';
  const nanoseconds = parseTimespan(since);
  if (!(nanoseconds > 0)) return `Invalid since '${since}': an APL timespan such as 90s, 15m, 1.5h or 7d.`;
  return { startTime: new Date(now.getTime() - nanoseconds / 1e6).toISOString(), endTime: now.toISOString() };
}
