import type { Finding } from './finding.ts';

/** The findings as a JSON array of flat objects; positions are null for a file as a whole. */
export function jsonReport(findings: readonly Finding[]): string {
  const rows = findings.map(({ file, region, severity, code, message }) => ({
    file,
    line: region?.line ?? null,
    column: region?.column ?? null,
    endLine: region?.endLine ?? null,
    endColumn: region?.endColumn ?? null,
    severity,
    code,
    message,
  }));
  return JSON.stringify(rows, null, 2);
}
