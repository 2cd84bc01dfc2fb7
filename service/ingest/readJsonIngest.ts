/**
 * The read_json path of one request. The body is cut into segments of whole lines as it arrives
 * (segments.ts); each chunk is scanned (ndjsonShape.ts) and appended to its segment's spool file
 * right away, so both overlap the arrival of the next chunk. A finished segment is stored by one
 * INSERT … read_json (readJsonPlan.ts). The inserts run on DuckDB's threads one after another, in
 * one transaction, while the next segment arrives.
 *
 * Any segment the plan cannot take, and any insert DuckDB refuses, ends the attempt: `finish()`
 * then rolls back and answers undefined, and the caller stores the whole body on the per-event
 * path instead (from `files`, then the rest of the stream), so a request is stored the one way or
 * the other, never half and half.
 */
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventStore, EventWriter } from '../store/eventStore.ts';
import { widen } from '../store/fieldTypes.ts';
import { NdjsonShape } from './ndjsonShape.ts';
import { insertReadJson, planReadJson, type ReadJsonPlan } from './readJsonPlan.ts';
import { SegmentCutter } from './segments.ts';

/** Inserts allowed to wait for DuckDB before more of the body is read (bounds work in flight). */
const maxQueued = 2;
/** Bytes received and not written yet before reading waits for them. */
const maxUnwritten = 8 << 20;
/** Received pieces are written to the spool file in one call once they add up to this. */
const writeBytes = 1 << 20;

/** The segment being received. */
interface OpenSegment {
  path: string;
  shape: NdjsonShape;
  file: Promise<FileHandle>;
  /** Pieces received and not handed to the file system yet. */
  held: Uint8Array[];
  heldBytes: number;
  /** The writes so far, in order (one file handle must not have two writes at once). */
  written: Promise<unknown>;
  unwritten: number;
}

export interface SegmentSizes {
  size: number;
  maxBytes: number;
}

export class ReadJsonIngest {
  /** Spool files in body order, kept until the request ends (the fallback reads them). */
  readonly files: string[] = [];
  private readonly cutter: SegmentCutter;
  private current: OpenSegment | undefined;
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
    sizes: SegmentSizes,
  ) {
    this.cutter = new SegmentCutter(sizes.size, sizes.maxBytes);
  }

  /** False once a segment needs the per-event path: the caller stops adding and falls back. */
  get usable(): boolean {
    return !this.failed;
  }

  /** Takes the next chunk of the body. */
  async push(chunk: Uint8Array): Promise<void> {
    for (const piece of this.cutter.cut(chunk)) {
      const segment = (this.current ??= this.openSegment());
      if (!this.failed) segment.shape.push(piece.bytes);
      segment.unwritten += piece.bytes.byteLength;
      segment.held.push(piece.bytes);
      segment.heldBytes += piece.bytes.byteLength;
      if (segment.heldBytes >= writeBytes) writeHeld(segment);
      if (piece.end !== undefined) {
        this.current = undefined;
        await this.endSegment(segment, piece.end === 'line');
      } else if (segment.unwritten > maxUnwritten) {
        await segment.written;
      }
    }
  }

  /** The body has ended: stores its last segment. */
  async end(): Promise<void> {
    const segment = this.current;
    this.current = undefined;
    if (segment) await this.endSegment(segment, true);
  }

  /** Commits and answers the events stored, or rolls back and answers undefined. */
  async finish(): Promise<number | undefined> {
    await this.closeCurrent();
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
    await this.closeCurrent().catch(() => undefined);
    await this.last;
    await this.writer?.rollback();
  }

  async removeFiles(): Promise<void> {
    await Promise.all(this.files.map((path) => rm(path, { force: true })));
  }

  private openSegment(): OpenSegment {
    const path = join(this.spoolDir, `${randomUUID()}.ndjson`);
    this.files.push(path);
    const file = open(path, 'wx');
    return { path, shape: new NdjsonShape(), file, held: [], heldBytes: 0, written: file, unwritten: 0 };
  }

  /** Writes out a segment cut short by a fallback, so that the fallback reads all of it. */
  private async closeCurrent(): Promise<void> {
    const segment = this.current;
    this.current = undefined;
    if (segment) await closeSegment(segment);
  }

  /** Closes the segment's file and queues its insert; waits while too many are queued. */
  private async endSegment(segment: OpenSegment, wholeLines: boolean): Promise<void> {
    const eligible = !this.failed && wholeLines && segment.shape.end();
    await closeSegment(segment);
    if (this.failed) return;
    const { shape } = segment;
    if (eligible && shape.lines === 0) return;
    const plan = eligible ? planReadJson(shape, this.labels) : undefined;
    if (!plan) {
      this.failed = true;
      return;
    }
    const first = this.planned++ === 0;
    this.last = this.last.then(() => this.insert(plan, segment.path, shape.lines, first));
    this.inFlight.push(this.last);
    while (this.inFlight.length > maxQueued) await this.inFlight.shift();
  }

  private async insert(plan: ReadJsonPlan, path: string, lines: number, first: boolean): Promise<void> {
    if (this.failed) return;
    try {
      // Opened with the first segment's fields: a request that adds no column shares the dataset
      // with other such requests.
      this.writer ??= await this.store.openWriter(this.dataset, plan.fields);
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

/** Hands the held pieces to the file system in one call (a call per piece cost more than the scan). */
function writeHeld(segment: OpenSegment): void {
  const pieces = segment.held;
  const bytes = segment.heldBytes;
  segment.held = [];
  segment.heldBytes = 0;
  const write = Promise.all([segment.file, segment.written]).then(async ([file]) => {
    await file.writev(pieces);
    segment.unwritten -= bytes;
  });
  // A failed write surfaces where the segment is closed, not as an unhandled rejection.
  write.catch(() => undefined);
  segment.written = write;
}

async function closeSegment(segment: OpenSegment): Promise<void> {
  if (segment.heldBytes > 0) writeHeld(segment);
  try {
    await segment.written;
  } finally {
    await (await segment.file).close();
  }
}

function turnsColumnToText(writer: EventWriter, plan: ReadJsonPlan): boolean {
  return plan.fields.some((field) => {
    const current = writer.columnType(field.name);
    return current !== undefined && current !== 'string' && widen(current, field.type) === 'string';
  });
}
