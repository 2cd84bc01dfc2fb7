/**
 * What the benchmark asks of a language service. Both sides start from plain text every time,
 * as an editor does after each keystroke. Results are reduced to counts so the benchmark can
 * check that a side did real work and keep the calls observable.
 */
export interface ServiceUnderTest {
  readonly name: string;
  /** Parses and analyzes one query, returns the number of diagnostics. */
  diagnose(query: string): number;
  /** Parses and analyzes one query, returns the number of completion items at `offset`. */
  complete(query: string, offset: number): number;
}
