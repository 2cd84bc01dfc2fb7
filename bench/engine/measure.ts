/**
 * The canonical queries measured on both sides: every query's answers are checked against each
 * other first (which also runs all of the engine's code before any timing, so the first query
 * measured does not carry the JIT's warm-up of code every query shares), then each query gets
 * warm-ups and interleaved repetitions (engine, SQL, SQL, engine, …) so both sample the same
 * stretch of machine load.
 *
 * The figure judged is paired: each round's engine time over the SQL time measured beside it,
 * the median of those ratios (and of the differences, for the 2 ms allowance). The medians of the
 * two sides taken apart compare different stretches when the load shifts during a query's rounds
 * (on a shared machine it does: one side's median may fall among the slow rounds, the other's
 * among the quick ones); they are reported for context.
 */
import { median } from '../lib/stats.ts';
import type { CanonicalQuery } from './queries.ts';
import type { BenchService } from './service.ts';
import { datasetName } from './dataset.ts';

export interface QueryFigures {
  query: CanonicalQuery;
  /** `status.elapsedTime` medians, µs. */
  engineMicros: number;
  sqlMicros: number;
  /** HTTP round trip median (request to parsed body), for context. */
  roundTripMicros: number;
  /** The median over rounds of the engine's time over the SQL's beside it: the figure judged. */
  ratio: number;
  /** The median over rounds of the engine's time less the SQL's, µs. */
  extraMicros: number;
  /** The fastest engine run over the fastest SQL run: context on a loaded machine, not the target. */
  minRatio: number;
  pass: boolean;
  /** Empty when the answers, rowsExamined and rowsMatched agree. */
  disagreements: string[];
  rows: number;
  engineSamples: number[];
  sqlSamples: number[];
}

export interface Repetitions {
  warmUp: number;
  measured: number;
}

const table = `events."${datasetName}"`;
const rangeSql = (start: string, end: string) => `"_time" >= TIMESTAMP '${start.replace('Z', '')}' AND "_time" < TIMESTAMP '${end.replace('Z', '')}'`;

/** PASS: at most 1.2× the hand SQL, or at most 2 ms more when the SQL takes under 10 ms (its median). */
function meetsTarget(ratio: number, extraMicros: number, sqlMicros: number): boolean {
  return ratio <= 1.2 || (sqlMicros < 10_000 && extraMicros <= 2_000);
}

export interface CheckedQuery {
  query: CanonicalQuery;
  /** Empty when the answers, rowsExamined and rowsMatched agree. */
  disagreements: string[];
  rows: number;
}

/** Runs the query on both sides once and compares the answers and the status counts with the SQL's. */
export async function checkQuery(service: BenchService, query: CanonicalQuery): Promise<CheckedQuery> {
  const range = rangeSql(query.range.start, query.range.end);
  const engineAnswer = await service.query(query.apl, query.range);
  const handSql = query.sql(table, range);
  const sqlAnswer = await service.sql(handSql);
  const disagreements = compareAnswers(query.answer(engineAnswer.answer), query.answer(sqlAnswer.answer));
  const tookAll = query.takesNewest !== undefined && sqlAnswer.answer.rows.length === query.takesNewest;
  const bounds = query.timeBounds ? ` AND ${query.timeBounds}` : '';
  const read = `${range}${bounds}${tookAll ? ` AND "_time" >= (SELECT min("_time") FROM (${handSql}))` : ''}`;
  const counts = await service.sql(`SELECT count(*) AS examined, count(*) FILTER (WHERE ${query.filter ?? 'true'}) AS matched FROM ${table} WHERE ${read}`);
  const [examined, filtered] = counts.answer.rows[0] as [number, number];
  const matched = tookAll ? query.takesNewest : filtered;
  if (engineAnswer.status.rowsExamined !== examined) disagreements.push(`rowsExamined ${engineAnswer.status.rowsExamined}, expected ${examined}`);
  if (engineAnswer.status.rowsMatched !== matched) disagreements.push(`rowsMatched ${engineAnswer.status.rowsMatched}, expected ${matched}`);
  const after = query.afterRows?.(table, range, sqlAnswer.answer);
  if (after !== undefined) {
    const [[counted]] = (await service.sql(after)).answer.rows as [[number]];
    if (counted !== examined) disagreements.push(`the hand SQL's second statement counts ${counted} rows examined, expected ${examined}`);
  }
  return { query, disagreements, rows: engineAnswer.answer.rows.length };
}

/** Warm-ups, then interleaved repetitions of a query already checked. */
export async function measureQuery(service: BenchService, { query, disagreements, rows }: CheckedQuery, repetitions: Repetitions): Promise<QueryFigures> {
  const range = rangeSql(query.range.start, query.range.end);
  const handSql = query.sql(table, range);
  const runEngine = () => service.query(query.apl, query.range);
  const runSql = async () => {
    const rows = await service.sql(handSql);
    const next = query.afterRows?.(table, range, rows.answer);
    return next === undefined ? rows : { ...rows, micros: rows.micros + (await service.sql(next)).micros };
  };
  for (let round = 0; round < repetitions.warmUp; round++) {
    await runEngine();
    await runSql();
  }
  const engineSamples: number[] = [];
  const sqlSamples: number[] = [];
  const roundTrips: number[] = [];
  const engineOnce = async () => {
    const answer = await runEngine();
    engineSamples.push(answer.status.elapsedTime);
    roundTrips.push(answer.roundTripMillis * 1e3);
  };
  const sqlOnce = async () => sqlSamples.push((await runSql()).micros);
  for (let round = 0; round < repetitions.measured; round++) {
    if (round % 2 === 0) {
      await engineOnce();
      await sqlOnce();
    } else {
      await sqlOnce();
      await engineOnce();
    }
  }
  const sqlMicros = median(sqlSamples);
  const ratio = median(engineSamples.map((engine, round) => engine / sqlSamples[round]!));
  const extraMicros = median(engineSamples.map((engine, round) => engine - sqlSamples[round]!));
  return {
    query,
    engineMicros: median(engineSamples),
    sqlMicros,
    roundTripMicros: median(roundTrips),
    ratio,
    extraMicros,
    minRatio: Math.min(...engineSamples) / Math.min(...sqlSamples),
    pass: meetsTarget(ratio, extraMicros, sqlMicros),
    disagreements,
    rows,
    engineSamples,
    sqlSamples,
  };
}

/** Differences between two answers' lines (as multisets in the given order), at most a few. */
function compareAnswers(engine: string[], sql: string[]): string[] {
  const problems: string[] = [];
  if (engine.length !== sql.length) problems.push(`the engine answered ${engine.length} rows, the SQL ${sql.length}`);
  for (let index = 0; index < Math.min(engine.length, sql.length) && problems.length < 4; index++) {
    if (engine[index] !== sql[index]) problems.push(`row ${index + 1}: engine "${engine[index]}", SQL "${sql[index]}"`);
  }
  return problems;
}
