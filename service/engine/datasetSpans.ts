/**
 * Each dataset's row count and earliest and latest `_time`, as of a data version of the database
 * (`EngineDatabase.eventDataVersion`, which moves after every change to an event table's rows). A
 * query whose time range holds all of a dataset's rows examined exactly those: its status needs no
 * statement for that dataset. The default range (from the epoch to now) holds every dataset without
 * future events.
 *
 * A span is learned from a status statement whose range turned out to hold every row of the
 * dataset (no row before or after it: zone maps answer that without reading rows when there are
 * none, and the first row found ends the search when there are), and kept under the version read before that statement began, if it is still the current
 * one after it ended.
 */
import { ident, timestampLiteral } from './compile/sql.ts';

export interface DatasetSpan {
  count: number;
  /** Absent when there are no rows. */
  min?: bigint;
  max?: bigint;
}

/** Past this many datasets the spans start over. */
const maxDatasets = 10_000;

export class DatasetSpans {
  /** No span: as of the version, a range was seen to leave rows of the dataset out. */
  private readonly spans = new Map<string, { version: number; span?: DatasetSpan }>();

  /** The datasets among `names` whose rows, as of `version`, all lie in [start, end). */
  within(names: readonly string[], version: number, start: bigint, end: bigint): Map<string, DatasetSpan> {
    const within = new Map<string, DatasetSpan>();
    for (const name of names) {
      const known = this.spans.get(name);
      if (known?.version !== version || !known.span) continue;
      const { span } = known;
      if (span.count === 0 || (span.min! >= start && span.max! < end)) within.set(name, span);
    }
    return within;
  }

  /** Whether nothing was learned of the dataset as of `version`: a status statement over it may teach its span. */
  unknown(name: string, version: number): boolean {
    return this.spans.get(name)?.version !== version;
  }

  /** The dataset's span as of `version`, or undefined when a range left rows of it out (asked once per version). */
  remember(name: string, version: number, span: DatasetSpan | undefined): void {
    if (this.spans.size >= maxDatasets && !this.spans.has(name)) this.spans.clear();
    this.spans.set(name, { version, span });
  }
}

/**
 * The index of each dataset with a row before `start` or from `end` on: one row found is enough
 * (LIMIT 1), so a range that leaves most of a large dataset out costs no count of it.
 */
export function outsideRangeSql(datasets: readonly string[], start: bigint, end: bigint): string {
  return datasets
    .flatMap((name, index) => [
      `(SELECT ${index} AS apl_part FROM events.${ident(name)} WHERE "_time" < ${timestampLiteral(start)} LIMIT 1)`,
      `(SELECT ${index} FROM events.${ident(name)} WHERE "_time" >= ${timestampLiteral(end)} LIMIT 1)`,
    ])
    .join(' UNION ALL ');
}
