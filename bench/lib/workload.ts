import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Schema } from '../../language/index.ts';
import { benchDirectory } from './paths.ts';

/** The playground schema (`sample-http-logs`, `otel-demo-traces`) kept beside the benchmark. */
export function loadSchema(): Schema {
  const schema = JSON.parse(readFileSync(join(benchDirectory, 'schema.json'), 'utf8')) as Schema;
  if (!Array.isArray(schema.datasets) || schema.datasets.length === 0) throw new Error('bench/schema.json has no datasets');
  return schema;
}

/** Splits a document into its queries the way APL does: at blank lines. */
export function splitQueries(document: string): string[] {
  return document
    .split(/\r?\n[ \t]*\r?\n/)
    .map((query) => query.trim())
    .filter((query) => query.length > 0);
}

/** Every query of every `bench/queries/*.apl` file, in file order. */
export function loadQueries(): string[] {
  const directory = join(benchDirectory, 'queries');
  return readdirSync(directory)
    .filter((file) => file.endsWith('.apl'))
    .sort()
    .flatMap((file) => splitQueries(readFileSync(join(directory, file), 'utf8')));
}

/** A document of `count` queries, cycling through the workload, separated by blank lines. */
export function buildDocument(queries: readonly string[], count: number): { text: string; queries: string[] } {
  const selected = Array.from({ length: count }, (_, index) => queries[index % queries.length]);
  return { text: selected.join('\n\n') + '\n', queries: selected };
}

export type CursorContext = 'after-pipe' | 'in-where' | 'in-summarize-by';

export interface CursorCase {
  query: string;
  offset: number;
}

/** Where in a query each completion context sits, if the query has one. */
function cursorOffset(query: string, context: CursorContext): number | undefined {
  switch (context) {
    case 'after-pipe': {
      const pipe = query.indexOf('| ');
      return pipe < 0 ? undefined : pipe + 2;
    }
    case 'in-where': {
      const match = /\bwhere\s+/.exec(query);
      return match ? match.index + match[0].length : undefined;
    }
    case 'in-summarize-by': {
      const summarize = /\bsummarize\b/.exec(query);
      if (!summarize) return undefined;
      const nextPipe = query.indexOf('|', summarize.index);
      const clause = query.slice(summarize.index, nextPipe < 0 ? undefined : nextPipe);
      const by = /\sby\s+/.exec(clause);
      return by ? summarize.index + by.index + by[0].length : undefined;
    }
  }
}

export function cursorCases(queries: readonly string[], context: CursorContext): CursorCase[] {
  return queries.flatMap((query) => {
    const offset = cursorOffset(query, context);
    return offset === undefined ? [] : [{ query, offset }];
  });
}
