import type { Schema } from '../../language/index.ts';
import type { Checker, Finding } from './checker.ts';
import type { Example } from './examples.ts';
import { playgroundDatasetsIn } from './playground.ts';

export interface ExampleResult {
  file: string;
  line: number;
  /** The fence's title; `APL equivalent` marks the comparison snippets of "Other query languages" sections. */
  title: string;
  query: string;
  /** Playground datasets the query reads; empty when it is only parsed. */
  playground: string[];
  syntaxErrors: Finding[];
  /** Present for playground examples only. */
  analysisErrors?: Finding[];
}

export interface Measurement {
  service: string;
  results: ExampleResult[];
}

export function measure(service: string, checker: Checker, examples: readonly Example[], schema: Schema): Measurement {
  const results = examples.map(({ block }): ExampleResult => {
    const query = block.text;
    const playground = playgroundDatasetsIn(query, schema);
    const result: ExampleResult = { file: block.file, line: block.line, title: block.title, query, playground, syntaxErrors: guarded(() => checker.syntaxErrors(query)) };
    if (playground.length > 0) result.analysisErrors = guarded(() => checker.analysisErrors(query));
    return result;
  });
  return { service, results };
}

/** A crash counts as a miss, with the exception as its message, so one bad query cannot end the run. */
function guarded(check: () => Finding[]): Finding[] {
  try {
    return check();
  } catch (error) {
    return [{ message: `threw: ${error instanceof Error ? error.message : String(error)}`, start: 0 }];
  }
}
