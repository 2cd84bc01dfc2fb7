import { analyzeDocument, getDiagnostics, parseQuery, type Schema } from '../../language/index.ts';
import type { Checker } from './checker.ts';

/** Our language core behind the same questions the official service answers. */
export function createOurChecker(schema: Schema): Checker {
  return {
    syntaxErrors: (query) => parseQuery(query).errors.map(({ message, start }) => ({ message, start })),
    analysisErrors: (query) =>
      getDiagnostics(analyzeDocument(parseQuery(query), schema))
        .filter((diagnostic) => diagnostic.severity === 'error')
        .map(({ message, start }) => ({ message, start })),
  };
}
