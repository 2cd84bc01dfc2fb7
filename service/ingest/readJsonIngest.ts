/**
 * The read_json path of one request: the body arrives in segments (segments.ts); each is scanned
 * (ndjsonShape.ts), written to a temporary file and stored by one INSERT … read_json
 * (readJsonPlan.ts). The inserts run on DuckDB's threads one after another, in one transaction,
 * while the next segment is received and scanned on the JavaScript thread.
 *
 * Any segment the plan cannot take, and any insert DuckDB refuses, ends the attempt: `finish()`
 * then rolls back and answers undefined, and the caller stores the whole body on the per-event
 * path instead (from `files`, then the rest of the stream), so a request is stored the one way or
 * the other, never half and half.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventStore, EventWriter } from '../store/eventStore.ts';
import { widen } from '../store/fieldTypes.ts';
import { NdjsonShape } from './ndjsonShape.ts';
import { insertReadJson, planReadJson, type ReadJsonPlan } from './readJsonPlan.ts';
import type { Segment } from './segments.ts';

/** Inserts allowed to wait for DuckDB before the next segment is read (bounds work in flight). */
const maxQueued = 2;

export class ReadJsonIngest {
  /** Spooled segments in body order, kept until the request ends (the fallback reads them). */
  readonly files: string[] = [];
  private writer: EventWriter | undefined;
  /** Inserts not finished yet, oldest first; each waits for the one before it. */
  private inFlight: Promise<void>[] = [];
  private last: Promise<void> = Promise.resolve();
  private planned = 0;
  private inserted = 0;
  private failed = false;

  constructor(
    private readonly store: EventStore,
    private readonly dataset: string,
    private readonly sysTime: number,
    /** Flattened event labels. */
    private readonly labels: Readonly<Record<string, unknown>>,
    /** Where segment files go (see spool.ts). */
    private readonly spoolDir: string,
  ) {
    // The transaction opens while the first segment is still arriving.
    this.last = this.open();
  }

  /** False once a segment needs the per-event path: the caller stops adding and falls back. */
  get usable(): boolean {
    return !this.failed;
  }

  /** Scans and spools one segment and queues its insert; waits while too many are queued. */
  async add(segment: Segment): Promise<void> {
    // One buffer: the scanner reads it in one go, and writev with more pieces than the system's
    // iovec limit never settles.
    const { chunks } = segment;
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, segment.bytes);
    const shape = new NdjsonShape();
    if (segment.wholeLines) {
      shape.push(bytes);
      shape.end();
    }
    const path = join(this.spoolDir, `${randomUUID()}.ndjson`);
    this.files.push(path);
    await writeFile(path, bytes, { flag: 'wx' });
    if (this.failed) return;
    const plan = segment.wholeLines && shape.eligible ? planReadJson(shape, this.labels) : undefined;
    if (shape.lines === 0 && segment.wholeLines && shape.eligible) return;
    if (!plan) {
      this.failed = true;
      return;
    }
    const first = this.planned++ === 0;
    this.last = this.last.then(() => this.insert(plan, path, shape.lines, first));
    this.inFlight.push(this.last);
    while (this.inFlight.length > maxQueued) await this.inFlight.shift();
  }

  /** Commits and answers the events stored, or rolls back and answers undefined. */
  async finish(): Promise<number | undefined> {
    await this.last;
    const writer = this.writer;
    if (this.failed) {
      await writer?.rollback();
      return undefined;
    }
    if (writer) {
      try {
        await writer.commit();
      } catch (error) {
        await writer.rollback();
        throw error;
      }
    }
    return this.inserted;
  }

  /** Rolls back whatever was inserted (the request failed). */
  async abandon(): Promise<void> {
    this.failed = true;
    await this.last;
    await this.writer?.rollback();
  }

  async removeFiles(): Promise<void> {
    await Promise.all(this.files.map((path) => rm(path, { force: true })));
  }

  private async open(): Promise<void> {
    try {
      this.writer = await this.store.openWriter(this.dataset);
    } catch {
      this.failed = true;
    }
  }

  private async insert(plan: ReadJsonPlan, path: string, lines: number, first: boolean): Promise<void> {
    if (this.failed || !this.writer) return;
    try {
      if (!first && turnsColumnToText(this.writer, plan)) {
        // Which values then become text depends on where the segments were cut; the per-event
        // path decides that the same way for every request.
        this.failed = true;
        return;
      }
      await this.writer.declare(plan.fields);
      const inserted = await insertReadJson(this.writer, plan, path, this.sysTime);
      if (inserted === lines) this.inserted += inserted;
      else this.failed = true;
    } catch {
      this.failed = true;
    }
  }
}

function turnsColumnToText(writer: EventWriter, plan: ReadJsonPlan): boolean {
  return plan.fields.some((field) => {
    const current = writer.columnType(field.name);
    return current !== undefined && current !== 'string' && widen(current, field.type) === 'string';
  });
}
