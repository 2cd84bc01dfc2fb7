/**
 * Every feature takes time linear in the text, on every input shape: the cost per character at
 * 100 KB stays within a few times the cost at 10 KB measured in the same run. CPU time of this
 * process (not wall time) and the best of a few runs keep the comparison steady on a loaded machine;
 * a quadratic path shows up as a tenfold growth.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  analyzeDocument,
  cellPrelude,
  formatText,
  getCompletions,
  getDiagnostics,
  getHover,
  getSemanticTokens,
  NotebookLets,
  parseDocument,
} from '../../../language/index.ts';
import { readSchema } from '../../../language/analysis/readSchema.ts';
import { generateShape, probeOffsets, shapeNames } from '../inputShapes.ts';

const schema = readSchema(JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8')));
const smallSize = 10_000;
const largeSize = 100_000;
/** Linear work keeps its cost per character; 3× leaves room for cache and GC effects, quadratic work grows 10×. */
const maxGrowth = 3;

type Work = (text: string) => () => unknown;

/**
 * What the editor runs on each change, from the text: everything the language server answers
 * from one analysis, and formatting, which parses again. Timing a feature with its parse keeps
 * cheap features out of the noise of timer and cache effects.
 */
const features: Record<string, Work> = {
  'parse, analysis, diagnostics, semantic tokens, completion and hover': (text) => () => {
    const analyzed = analyzeDocument(parseDocument(text), schema);
    getDiagnostics(analyzed);
    getSemanticTokens(analyzed);
    for (const offset of probeOffsets(text)) {
      const position = analyzed.parsed.lineIndex.positionAt(offset);
      getCompletions(analyzed, position);
      getHover(analyzed, position);
    }
  },
  formatting: (text) => () => formatText(text),
};

// Collecting before each run keeps garbage of the previous one out of its time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function cpuMillis(run: () => unknown): number {
  collectGarbage();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1_000;
}

function bestOf(runs: number, run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, cpuMillis(run));
  return best;
}

/** Cost per character at each size; the large size is run again only while it looks superlinear. */
function growth(work: Work, shape: (typeof shapeNames)[number]): { growth: number; small: number; large: number } {
  const small = generateShape(shape, smallSize);
  const large = generateShape(shape, largeSize);
  const smallRun = work(small);
  const largeRun = work(large);
  const smallCost = bestOf(3, smallRun) / small.length;
  let largeCost = Infinity;
  // A load spike inflates one run's CPU time too (caches, shared cores): a few more tries of the
  // large text while it looks superlinear; a quadratic path stays tenfold in every one.
  for (let attempt = 0; attempt < 6 && largeCost > maxGrowth * smallCost; attempt++) {
    largeCost = Math.min(largeCost, cpuMillis(largeRun) / large.length);
  }
  // Below a microsecond for the whole small text, timer resolution is all there is to compare.
  const floor = 1e-3 / small.length;
  return { growth: largeCost / Math.max(smallCost, floor), small: smallCost * 1e3, large: largeCost * 1e3 };
}

describe('time per character from 10 KB to 100 KB', () => {
  for (const shape of shapeNames) {
    it(`stays flat on ${shape}`, () => {
      const slow: string[] = [];
      for (const [name, work] of Object.entries(features)) {
        const measured = growth(work, shape);
        if (measured.growth > maxGrowth) {
          slow.push(`${name}: ${measured.small.toFixed(2)} µs/char at 10 KB, ${measured.large.toFixed(2)} at 100 KB (${measured.growth.toFixed(1)}×)`);
        }
      }
      assert.deepEqual(slow, []);
    });
  }
});

/**
 * A notebook whose every cell builds on a let of the cell above: each cell is read with all the
 * lets above it in scope, which costs the cell's own length when their parse and analysis are
 * shared, and grows with the number of cells above when they are read again for every cell.
 */
describe('time per cell of a notebook from 100 to 2,000 cells', () => {
  const notebook = (count: number) =>
    Array.from({ length: count }, (_, i) => (i === 0 ? "let t0 = ['logs'] | where status >= 500;" : `let t${i} = t${i - 1} | where status > ${i};\nt${i} | summarize count() by uri`));
  /** Every cell diagnosed once, as on opening the notebook (each cell's own lets are read once, as the server keeps them). */
  const diagnoseAll = (cells: string[]) => {
    const contributions = cells.map((cell) => cellPrelude([cell]).text);
    return () => {
      const lets = new NotebookLets(contributions.join(''), schema);
      let preludeLength = 0;
      cells.forEach((cell, index) => {
        getDiagnostics(lets.analyzeCell(preludeLength, cell));
        preludeLength += contributions[index]!.length;
      });
    };
  };

  it('stays flat for chained cells', () => {
    const small = notebook(100);
    const large = notebook(2_000);
    const smallCost = bestOf(3, diagnoseAll(small)) / small.length;
    let largeCost = Infinity;
    for (let attempt = 0; attempt < 3 && largeCost > maxGrowth * smallCost; attempt++) largeCost = Math.min(largeCost, cpuMillis(diagnoseAll(large)) / large.length);
    const growth = largeCost / smallCost;
    assert.ok(growth <= maxGrowth, `${(smallCost * 1e3).toFixed(0)} µs per cell at 100 cells, ${(largeCost * 1e3).toFixed(0)} at 2,000 (${growth.toFixed(1)}×)`);
  });
});
