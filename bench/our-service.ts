import { analyzeDocument, getCompletions, getDiagnostics, parseDocument, parseQuery, type Schema } from '../language/index.ts';
import type { ServiceUnderTest } from './lib/serviceUnderTest.ts';

export interface OurService extends ServiceUnderTest {
  /** Parses, analyzes and diagnoses a whole multi-query document; returns the number of diagnostics. */
  diagnoseDocument(document: string): number;
  /** How many queries the parser finds in a document (tells a real parser from a placeholder). */
  countQueries(document: string): number;
  /** Diagnostics of one query as messages with the text they cover (to vet the workload). */
  describeDiagnostics(query: string): string[];
}

export function createOurService(schema: Schema): OurService {
  return {
    name: 'ours',
    diagnose(query) {
      return getDiagnostics(analyzeDocument(parseQuery(query), schema)).length;
    },
    complete(query, offset) {
      const parsed = parseQuery(query);
      const analyzed = analyzeDocument(parsed, schema);
      return getCompletions(analyzed, parsed.lineIndex.positionAt(offset)).length;
    },
    diagnoseDocument(document) {
      return getDiagnostics(analyzeDocument(parseDocument(document), schema)).length;
    },
    countQueries(document) {
      return parseDocument(document).root.queries.length;
    },
    describeDiagnostics(query) {
      return getDiagnostics(analyzeDocument(parseQuery(query), schema)).map(
        ({ severity, message, code, start, end }) => `${severity} ${code}: ${message} (${JSON.stringify(query.slice(start, end))})`,
      );
    },
  };
}
