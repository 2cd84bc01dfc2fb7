import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseTimespan } from '../../language/index.ts';
import { ServiceError, type QueryRange } from '../../client/connection.ts';
import { exportFormats, exportTable, type ExportFormat } from '../../client/exportResults.ts';
import { blockAtLine, queryBlocks, toDocumentPosition, type QueryBlock } from '../../client/queryBlocks.ts';
import { toResultsModel, type ResultStatus } from '../../client/resultsModel.ts';
import { parseAbsoluteRange, resolveTimeRange } from '../../client/timeRange.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { connectionFlags, connectionOptionLines, requestFailure, serviceConnection, tokenUsage } from '../serviceConnection.ts';
import { plural } from '../text.ts';
import { textTable } from '../textTable.ts';


const usage = `Usage: apl run [options] FILE[:LINE]
       apl run [options] --apl QUERY

Runs one APL query and prints its matches; the status (rows examined and matched, time taken)
goes to stderr. In a file of several queries (separated by blank lines), LINE names the one to run.
A query error is reported as FILE:LINE:COLUMN: error: message, with exit code 1.

Options:
  --apl QUERY      Run this query text instead of one from a file
  --since SPAN     The range ending now, an APL timespan: 90s, 15m, 1.5h, 7d (default 1h)
  --start TIME     With --end, the range between two ISO 8601 times
  --end TIME
  --format FORMAT  table (default), ${exportFormats.join(', ')}
${connectionOptionLines(19)}
  -h, --help       Show this help

${tokenUsage}`;

/** The query to run and where its text starts, to point errors into the file. */
interface Source {
  label: string;
  text: string;
  startLine: number;
}

export const runCommand: Command = {
  name: 'run',
  summary: 'Run an APL query against a service and print its matches',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      apl: { type: 'string' },
      since: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      format: { type: 'string' },
      ...connectionFlags,
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    const format = readFormat(values.format);
    const { startTime, endTime } = readRange(values, new Date());
    const source = await readSource(values.apl, positionals, context.cwd);
    const connection = await serviceConnection(values);
    try {
      const result = await connection.queryApl(source.text, { startTime, endTime });
      const model = toResultsModel(result, { query: source.text, startTime, endTime });
      const output = format === 'table' ? textTable(model.matches) : [exportTable(model.matches, format).replace(/\r?\n$/, '')];
      for (const line of output) context.stdout(line);
      context.stderr(statusLine(model.matches.rows.length, model.status));
      return exitCodes.ok;
    } catch (error) {
      context.stderr(describeFailure(error, source, connection.url));
      return exitCodes.problems;
    }
  },
};

function readFormat(text: string | undefined): 'table' | ExportFormat {
  if (text === undefined || text === 'table') return 'table';
  if ((exportFormats as readonly string[]).includes(text)) return text as ExportFormat;
  throw new UsageError(`unknown --format '${text}' (table, ${exportFormats.join(', ')})`);
}

function readRange(values: { since?: string; start?: string; end?: string }, now: Date): QueryRange {
  if (values.start !== undefined || values.end !== undefined) {
    if (values.since !== undefined) throw new UsageError('give either --since or --start and --end');
    if (values.start === undefined || values.end === undefined) throw new UsageError('--start and --end go together');
    const range = parseAbsoluteRange(`${values.start}/${values.end}`);
    if (typeof range === 'string') throw new UsageError(range);
    return resolveTimeRange(range, now);
  }
  const since = values.since ?? '1h';
  const nanoseconds = parseTimespan(since);
  if (!(nanoseconds > 0)) throw new UsageError(`invalid --since '${since}' (an APL timespan: 90s, 15m, 1.5h, 7d)`);
  const start = new Date(now.getTime() - nanoseconds / 1e6);
  return { startTime: start.toISOString(), endTime: now.toISOString() };
}

async function readSource(apl: string | undefined, positionals: string[], cwd: string): Promise<Source> {
  if (apl !== undefined) {
    if (positionals.length > 0) throw new UsageError('give either a file or --apl, not both');
    return { label: '<query>', text: apl, startLine: 0 };
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no query: give FILE[:LINE] or --apl' : 'one file at a time');
  const [, file, lineText] = /^(.*?)(?::(\d+))?$/.exec(positionals[0]!)!;
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file!), 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
  const lines = text.split(/\r?\n/);
  let block: QueryBlock | undefined;
  if (lineText !== undefined) {
    const line = Number(lineText);
    if (line < 1 || line > lines.length) throw new UsageError(`${file} has no line ${line}`);
    block = blockAtLine(lines, line - 1);
  } else {
    const blocks = queryBlocks(lines);
    if (blocks.length > 1) {
      const starts = blocks.map((candidate) => candidate.startLine + 1).join(', ');
      throw new UsageError(`${file} holds ${blocks.length} queries (lines ${starts}): name one as ${file}:LINE`);
    }
    block = blocks[0];
  }
  if (!block) throw new UsageError(`${file} holds no query`);
  return { label: file!, text: block.text, startLine: block.startLine };
}

function statusLine(rows: number, status: ResultStatus): string {
  const counts = `${status.rowsExamined.toLocaleString('en')} rows examined, ${status.rowsMatched.toLocaleString('en')} matched`;
  const partial = status.isPartial ? ' · partial result' : '';
  const messages = status.messages.map((message) => `\n${message}`).join('');
  return `${plural(rows, 'row')} · ${counts} · ${status.elapsedMs.toFixed(1)} ms${partial}${messages}`;
}

function describeFailure(error: unknown, source: Source, url: string): string {
  if (error instanceof ServiceError) {
    if (error.position) {
      const at = toDocumentPosition({ line: source.startLine, character: 0 }, error.position);
      return `${source.label}:${at.line + 1}:${at.character + 1}: error: ${error.detailMessage ?? error.message}`;
    }
    return `apl run: ${error.status}: ${error.message}`;
  }
  return `apl run: ${requestFailure(error, url)}`;
}
