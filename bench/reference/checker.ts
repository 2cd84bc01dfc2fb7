/** An error-severity diagnostic: its message and the offset where it starts. */
export interface Finding {
  message: string;
  start: number;
}

export interface Checker {
  /** Syntax errors only. */
  syntaxErrors(query: string): Finding[];
  /** Error-severity diagnostics, syntax included, after binding against the schema. */
  analysisErrors(query: string): Finding[];
}
