import type { Severity } from '../../language/index.ts';

/** Where a finding sits, 1-based; the end column is the one just past the last character. */
export interface Region {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One problem `apl check` reports. A file that cannot be read has no region. */
export interface Finding {
  /** The path as the user gave it (or as a directory or glob expanded). */
  file: string;
  region?: Region;
  severity: Severity;
  /** The rule: `syntax`, `unknown-column`, …; `unreadable-file` when the file cannot be read. */
  code: string;
  message: string;
}
