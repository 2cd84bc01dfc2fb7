/**
 * The 12 canonical queries: each as APL for the service and as the DuckDB SQL a person would
 * write by hand for the same question over the same table and time range, plus how to check
 * that both sides gave the same answer.
 *
 * `dcount` is answered exactly (see compile/aggregations.ts) and `percentile` by nearest rank, a value
 * of the column (DuckDB's quantile_disc), by the engine and by the hand SQL alike, so the answers
 * can be compared.
 * `take` and `top` are answered newest first / by the key, as the engine answers them.
 */
import { dataEnd, dataStart, datasetName } from './dataset.ts';

export interface TimeRange {
  start: string;
  end: string;
}

/** A result: its column names and its rows, cells in column order. */
export interface Answer {
  names: string[];
  rows: unknown[][];
  /** The engine's `_totals` table, when it answered one (each row: the aggregations without the time key). */
  totals?: unknown[][];
}

export interface CanonicalQuery {
  id: string;
  label: string;
  apl: string;
  /** The hand-written SQL; `table` is the quoted event table, `range` the `_time` condition of the request range. */
  sql(table: string, range: string): string;
  range: TimeRange;
  /** The hand-written condition that picks the rows the query's filters keep (for `rowsMatched`); none keeps all. */
  filter?: string;
  /** The query's bounds on `_time`: they narrow the rows it reads (`rowsExamined`), as the time range does. */
  timeBounds?: string;
  /**
   * A take of the newest rows: how many. When it gets them all, the rows examined are those from
   * the oldest one taken on and the rows matched those taken (an engine reading newest first stops
   * there).
   */
  takesNewest?: number;
  /**
   * What the reply says beyond its rows that cannot be known before them, as the statement a
   * person would run next by hand: for a take of the newest rows, how far back it read to find
   * them (`rowsExamined`), counted from the last row taken. Timed with the hand SQL, as the
   * percentile line's totals are; undefined when the rows say it all.
   */
  afterRows?(table: string, range: string, answer: Answer): string | undefined;
  /** The answer as comparable lines. Both sides go through it. */
  answer(answer: Answer): string[];
}

const fullRange: TimeRange = { start: dataStart, end: dataEnd };
/** The last week of the data: 672 fifteen-minute buckets, under the default row limit of 1000. */
const lastWeek: TimeRange = { start: '2026-10-24T00:00:00Z', end: dataEnd };
const dataset = `['${datasetName}']`;
/** The day the time-filter query keeps, as hand-written SQL. */
const oneDay = `"_time" >= TIMESTAMP '2026-10-15' AND "_time" < TIMESTAMP '2026-10-16'`;

/** Numbers to 10 significant digits (sums and averages may add up in another order). */
function cell(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toPrecision(10);
  return value === null || value === undefined ? 'null' : String(value);
}

/**
 * Lines of every column in order (aggregates: the hand SQL lists the same columns in the same
 * order, whatever the engine names them), sorted unless the order is part of the answer.
 */
function lines(ordered: boolean) {
  return ({ rows }: Answer) => {
    const result = rows.map((row) => row.map(cell).join(' | '));
    return ordered ? result : result.sort();
  };
}

/**
 * Lines of a time-binned summarize with its totals, in order: the buckets, then the totals as the
 * hand SQL's grouping set `()` gives them (a row whose time key is null, last).
 */
function bucketsThenTotals({ rows, totals }: Answer): string[] {
  const all = totals ? [...rows, ...totals.map((row) => [null, ...row])] : rows;
  return all.map((row) => row.map(cell).join(' | '));
}

/** Lines of the named fields, in row order (event rows, whose column order is the engine's choice). */
function fields(names: string[]) {
  return (answer: Answer) => {
    const indexes = names.map((name) => answer.names.indexOf(name));
    return answer.rows.map((row) => indexes.map((index) => (index < 0 ? '(missing)' : cell(row[index]))).join(' | '));
  };
}

export const canonicalQueries: CanonicalQuery[] = [
  {
    id: 'count',
    label: 'count',
    apl: `${dataset} | count`,
    sql: (table, range) => `SELECT count(*) AS "Count" FROM ${table} WHERE ${range}`,
    range: fullRange,
    answer: lines(false),
  },
  {
    id: 'count-by-1h',
    label: 'count by bin(_time, 1h)',
    apl: `${dataset} | summarize count() by bin(_time, 1h)`,
    sql: (table, range) =>
      `SELECT date_trunc('hour', "_time") AS "_time", count(*) AS count_ FROM ${table} WHERE ${range} GROUP BY 1 ORDER BY 1`,
    range: fullRange,
    answer: lines(true),
  },
  {
    id: 'where-count-by',
    label: 'where + count by',
    apl: `${dataset} | where method == 'POST' | summarize count() by status`,
    sql: (table, range) => `SELECT status, count(*) AS count_ FROM ${table} WHERE ${range} AND method = 'POST' GROUP BY 1`,
    range: fullRange,
    filter: `method = 'POST'`,
    answer: lines(false),
  },
  {
    id: 'percentile-avg-15m',
    label: 'percentile + avg by 15m',
    apl: `${dataset} | summarize percentile(req_duration_ms, 95), avg(req_duration_ms) by bin(_time, 15m)`,
    // The reply carries the totals over the whole range beside the buckets, and a percentile's
    // cannot be added up from the buckets': the hand SQL answers both, with a grouping set each.
    sql: (table, range) =>
      `SELECT time_bucket(INTERVAL 15 minute, "_time") AS "_time", quantile_disc(req_duration_ms, 0.95) AS percentile_req_duration_ms_95,` +
      ` avg(req_duration_ms) AS avg_req_duration_ms FROM ${table} WHERE ${range} GROUP BY GROUPING SETS ((1), ()) ORDER BY 1 NULLS LAST`,
    range: lastWeek,
    answer: bucketsThenTotals,
  },
  {
    id: 'dcount-by',
    label: 'dcount by',
    apl: `${dataset} | summarize dcount(id) by ['geo.country']`,
    sql: (table, range) => `SELECT "geo.country", count(DISTINCT id) AS dcount_id FROM ${table} WHERE ${range} GROUP BY 1`,
    range: fullRange,
    answer: lines(false),
  },
  {
    id: 'topk',
    label: 'topk',
    apl: `${dataset} | summarize topk(uri, 10)`,
    sql: (table, range) => `SELECT uri AS key, count(*) AS count FROM ${table} WHERE ${range} GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
    range: fullRange,
    // The engine answers one row holding [{key, count, error}, …]; the SQL one row per key.
    answer: ({ rows }) => {
      const entries = rows.length === 1 && Array.isArray(rows[0]![0]) ? (rows[0]![0] as { key: unknown; count: unknown }[]).map((entry) => [entry.key, entry.count]) : rows;
      return entries.map((entry) => entry.map(cell).join(' | '));
    },
  },
  {
    id: 'contains-take',
    label: 'contains + take',
    apl: `${dataset} | where uri contains 'LOGIN' | take 100`,
    sql: (table, range) => `SELECT * FROM ${table} WHERE ${range} AND uri ILIKE '%login%' ORDER BY "_time" DESC LIMIT 100`,
    range: fullRange,
    filter: `uri ILIKE '%login%'`,
    takesNewest: 100,
    afterRows: (table, range, { names, rows }) => {
      const last = rows.at(-1)?.[names.indexOf('_time')];
      // Fewer rows than asked for: the take read the whole range.
      const from = rows.length === 100 && typeof last === 'string' ? ` AND "_time" >= TIMESTAMP '${last.replace('Z', '')}'` : '';
      return `SELECT count(*) AS examined FROM ${table} WHERE ${range}${from}`;
    },
    answer: fields(['_time', 'id', 'uri', 'geo.city']),
  },
  {
    id: 'startswith-count-by',
    label: 'startswith + count by',
    apl: `${dataset} | where content_type startswith 'TEXT/' | summarize count() by content_type`,
    sql: (table, range) => `SELECT content_type, count(*) AS count_ FROM ${table} WHERE ${range} AND content_type ILIKE 'text/%' GROUP BY 1`,
    range: fullRange,
    filter: `content_type ILIKE 'text/%'`,
    answer: lines(false),
  },
  {
    id: 'top-10',
    label: 'top 10',
    apl: `${dataset} | top 10 by req_duration_ms`,
    sql: (table, range) => `SELECT * FROM ${table} WHERE ${range} ORDER BY req_duration_ms DESC NULLS LAST LIMIT 10`,
    range: fullRange,
    // Durations are capped at 60 s, so the top rows may tie: the key sequence is the answer.
    answer: fields(['req_duration_ms']),
  },
  {
    id: 'extend-sum-by',
    label: 'extend + sum by',
    apl: `${dataset} | extend total_bytes = resp_body_size_bytes + resp_header_size_bytes | summarize sum(total_bytes) by server_datacenter`,
    sql: (table, range) =>
      `SELECT server_datacenter, sum(resp_body_size_bytes + resp_header_size_bytes) AS sum_total_bytes FROM ${table} WHERE ${range} GROUP BY 1`,
    range: fullRange,
    answer: lines(false),
  },
  {
    id: 'nested-bin-auto',
    label: 'nested field + bin_auto',
    apl: `${dataset} | where ['geo.country'] == 'France' | summarize count() by bin_auto(_time), ['geo.city']`,
    // bin_auto over the 30-day range with at most 100 buckets is 12 hours wide.
    sql: (table, range) =>
      `SELECT time_bucket(INTERVAL 12 hour, "_time") AS "_time", "geo.city", count(*) AS count_ FROM ${table}` +
      ` WHERE ${range} AND "geo.country" = 'France' GROUP BY 1, 2 ORDER BY 1`,
    range: fullRange,
    filter: `"geo.country" = 'France'`,
    answer: lines(false),
  },
  {
    id: 'time-project-take',
    label: 'time filter + project + take',
    apl: `${dataset} | where _time >= datetime(2026-10-15) and _time < datetime(2026-10-16) | project _time, method, status, uri, ['geo.city'] | take 50`,
    sql: (table, range) =>
      `SELECT "_time", method, status, uri, "geo.city" FROM ${table} WHERE ${range} AND ${oneDay}` +
      ` ORDER BY "_time" DESC LIMIT 50`,
    range: fullRange,
    filter: oneDay,
    timeBounds: oneDay,
    takesNewest: 50,
    answer: lines(true),
  },
];
