import type { SyntaxError } from './parseResult.ts';

/**
 * Past this many syntax errors a query is not text being edited but text pasted or opened by
 * mistake (random bytes, a binary file): its later errors are not reported and the parser stops
 * reading it (see `RecoveringParser.begin`). Kusto's own parser gives up on such text after a few
 * errors as well; twenty is far more than an edit in progress makes.
 */
export const maxSyntaxErrorsPerQuery = 10;

/**
 * Past this many in a document, each later query reports its first error only, and the parser
 * stops reading it there: a file of hundreds of broken queries is not one being written.
 */
export const maxSyntaxErrorsPerDocument = 100;

export const tooManyErrorsMessage = 'Too many syntax errors: later ones in this query are not reported.';
export const tooManyInDocumentMessage = 'Too many syntax errors in this file: from this query on, only the first of each query is reported.';

/** How many error places the next query may report, given the errors of the document so far. */
export function queryErrorLimit(documentErrors: number): number {
  return documentErrors >= maxSyntaxErrorsPerDocument ? 1 : maxSyntaxErrorsPerQuery;
}

/**
 * Keeps the first `limit` places with errors among `errors[from..]` (one query's), and none at or
 * after `stoppedAt`, where the parser stopped reading; a notice stands where reporting stops.
 * Errors at one place count once, as only the first of them is shown.
 */
export function limitQueryErrors(errors: SyntaxError[], from: number, stoppedAt?: { start: number; end: number }, limit = maxSyntaxErrorsPerQuery): void {
  if (errors.length - from <= limit && !stoppedAt) return;
  const own = errors.splice(from).sort((a, b) => a.start - b.start);
  let places = 0;
  let lastStart = -1;
  let kept = 0;
  for (; kept < own.length; kept++) {
    const error = own[kept];
    if (stoppedAt && error.start >= stoppedAt.start) break;
    if (error.start !== lastStart) {
      if (places === limit) break;
      places++;
      lastStart = error.start;
    }
  }
  for (let i = 0; i < kept; i++) errors.push(own[i]);
  const firstDropped = own[kept];
  const notice = firstDropped && (!stoppedAt || firstDropped.start < stoppedAt.start) ? firstDropped : stoppedAt;
  // Past the document's limit one notice says so (parse.ts), not one per query.
  if (notice && limit === maxSyntaxErrorsPerQuery) errors.push({ start: notice.start, end: notice.end, message: tooManyErrorsMessage });
}
