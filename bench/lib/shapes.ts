/**
 * The 100 KB input shapes of the language tests (long chains, many statements, random tokens,
 * random characters, ...), each diagnosed whole by both sides: ours must be no slower than the
 * official service on any of them. The official side runs once per shape (some take seconds).
 */
import { generateShape, shapeNames } from '../../test/language/inputShapes.ts';
import type { OfficialService } from '../official-service.ts';
import type { OurService } from '../our-service.ts';
import type { ResultRow } from './report.ts';
import { summarize } from './stats.ts';

const size = 100_000;

function millis(run: () => unknown): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function measureShapes(ours: OurService, official: OfficialService, quick: boolean): { rows: ResultRow[]; detail: object } {
  const rows: ResultRow[] = [];
  const detail: Record<string, object> = {};
  for (const shape of shapeNames) {
    const text = generateShape(shape, size);
    ours.diagnoseDocument(text);
    const oursRuns = Array.from({ length: quick ? 2 : 5 }, () => millis(() => ours.diagnoseDocument(text)));
    const officialRuns = [millis(() => official.diagnose(text))];
    const oursSummary = summarize(oursRuns);
    const officialSummary = summarize(officialRuns);
    const oursOverOfficial = oursSummary.p50 / officialSummary.p50;
    rows.push({
      id: `shape.${shape}`,
      label: `100 KB ${shape}, diagnosed`,
      unit: 'ms',
      ours: oursSummary,
      official: officialSummary,
      ratio: officialSummary.p50 / oursSummary.p50,
      target: '≤ official',
      verdict: oursOverOfficial <= 1 ? 'PASS' : 'MISS',
      note: `ours/official ${oursOverOfficial.toFixed(2)}`,
    });
    detail[shape] = { characters: text.length, oursRunsMs: oursRuns, officialRunsMs: officialRuns, oursOverOfficial };
  }
  return { rows, detail };
}
