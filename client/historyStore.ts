/**
 * The query history of a workspace: what ran, over which range, when, how many rows and how long.
 * The entries live in workspace state (a bounded list, newest first); the results of the last few
 * runs are kept as files in the extension's storage folder, bounded in count and total size, so a
 * run can be re-opened without running it again. No `vscode` import: tests drive it on a real folder.
 */
import { parseExact, stringifyExact } from '../wire/exactJson.ts';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { readStoredTimeRange, type TimeRange } from './timeRange.ts';

export interface HistoryEntry {
  id: string;
  query: string;
  /** The range as chosen (a relative one is resolved again when the entry is re-run). */
  range: TimeRange;
  /** The range this run covered. */
  startTime: string;
  endTime: string;
  /** When it ran, ISO. */
  ranAt: string;
  durationMs: number;
  /** Rows returned; absent when the run failed. */
  rows?: number;
  error?: string;
  /** The document the query came from and the line it starts on. */
  documentUri?: string;
  line?: number;
  /** Size of the results kept for re-opening; absent when they were not kept (or were dropped since). */
  resultBytes?: number;
}

export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'resultBytes'>;

/** The part of VS Code's `Memento` the store uses. */
export interface StateStore {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface HistoryLimits {
  entries: number;
  /** How many runs keep their results. */
  keptResults: number;
  /** Total bytes of kept results; a single larger result is not kept. */
  resultBytes: number;
}

export const defaultHistoryLimits: HistoryLimits = { entries: 100, keptResults: 5, resultBytes: 8 * 1024 * 1024 };

const stateKey = 'apl.queryHistory';

export class QueryHistory {
  /** Writes one after another, so concurrent runs cannot drop each other's entries. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly state: StateStore,
    /** Where results are kept; undefined keeps none. */
    private readonly resultsDir: string | undefined,
    private readonly limits: HistoryLimits = defaultHistoryLimits,
  ) {}

  /** Newest first. */
  entries(): HistoryEntry[] {
    return readHistory(this.state.get(stateKey));
  }

  /** Records a run and, when `results` is given and small enough, keeps them for `openResults`. */
  add(entry: NewHistoryEntry, results?: unknown): Promise<HistoryEntry> {
    const run = this.queue.then(() => this.append(entry, results));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The results kept for an entry, or undefined when none are (any more). */
  async openResults(id: string): Promise<unknown> {
    const entry = this.entries().find((each) => each.id === id);
    if (!entry?.resultBytes || !this.resultsDir) return undefined;
    try {
      return parseExact(await readFile(this.resultFile(id), 'utf8'));
    } catch {
      return undefined;
    }
  }

  async clear(): Promise<void> {
    await this.queue;
    const ids = this.entries().map((entry) => entry.id);
    await this.state.update(stateKey, []);
    await Promise.all(ids.map((id) => this.removeResult(id)));
  }

  private async append(fields: NewHistoryEntry, results: unknown): Promise<HistoryEntry> {
    const entry: HistoryEntry = { ...fields, id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}` };
    if (results !== undefined && this.resultsDir && this.limits.keptResults > 0) {
      // Results may hold integers past 2^53 (bigints, exactJson.ts): written and read back as their digits.
      const json = stringifyExact(results);
      const bytes = Buffer.byteLength(json);
      if (bytes <= this.limits.resultBytes) {
        await mkdir(this.resultsDir, { recursive: true });
        await writeFile(this.resultFile(entry.id), json);
        entry.resultBytes = bytes;
      }
    }
    const { entries, dropped } = retain([entry, ...this.entries()], this.limits);
    await this.state.update(stateKey, entries);
    await Promise.all(dropped.map((id) => this.removeResult(id)));
    return entry;
  }

  private resultFile(id: string): string {
    return path.join(this.resultsDir!, `${id}.json`);
  }

  private async removeResult(id: string): Promise<void> {
    if (this.resultsDir && /^[\w-]+$/.test(id)) await rm(this.resultFile(id), { force: true });
  }
}

/**
 * Applies the limits to a newest-first list: at most `entries` entries, and results kept for the
 * newest runs only while their count and total size stay within bounds. Gives the list to store
 * and the ids whose result files go.
 */
export function retain(all: readonly HistoryEntry[], limits: HistoryLimits): { entries: HistoryEntry[]; dropped: string[] } {
  const entries: HistoryEntry[] = [];
  const dropped: string[] = [];
  let keptCount = 0;
  let keptBytes = 0;
  all.forEach((entry, index) => {
    const inList = index < limits.entries;
    if (entry.resultBytes !== undefined) {
      const fits = inList && keptCount < limits.keptResults && keptBytes + entry.resultBytes <= limits.resultBytes;
      if (fits) {
        keptCount++;
        keptBytes += entry.resultBytes;
      } else {
        dropped.push(entry.id);
        if (inList) {
          const { resultBytes: _dropped, ...rest } = entry;
          entries.push(rest);
        }
        return;
      }
    }
    if (inList) entries.push(entry);
  });
  return { entries, dropped };
}

/** Reads the stored list, skipping anything malformed (an older or hand-edited state must not break the command). */
export function readHistory(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: HistoryEntry[] = [];
  for (const item of value) {
    const entry = readEntry(item);
    if (entry) entries.push(entry);
  }
  return entries;
}

function readEntry(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const range = readStoredTimeRange(record.range);
  const strings = ['id', 'query', 'startTime', 'endTime', 'ranAt'] as const;
  if (!range || strings.some((key) => typeof record[key] !== 'string') || typeof record.durationMs !== 'number') return undefined;
  if (!/^[\w-]+$/.test(record.id as string)) return undefined;
  const entry: HistoryEntry = {
    id: record.id as string,
    query: record.query as string,
    range,
    startTime: record.startTime as string,
    endTime: record.endTime as string,
    ranAt: record.ranAt as string,
    durationMs: record.durationMs,
  };
  if (typeof record.rows === 'number') entry.rows = record.rows;
  if (typeof record.error === 'string') entry.error = record.error;
  if (typeof record.documentUri === 'string') entry.documentUri = record.documentUri;
  if (typeof record.line === 'number') entry.line = record.line;
  if (typeof record.resultBytes === 'number') entry.resultBytes = record.resultBytes;
  return entry;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" — for the history list. */
export function timeAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 45) return 'just now';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  const days = Math.round(seconds / 86_400);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
