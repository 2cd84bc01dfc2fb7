import type { Severity } from '../../language/index.ts';
import type { Finding } from './finding.ts';

const severityWords: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

/** `path:line:column: error: message`, or `path: error: message` for a file as a whole. */
export function textLine(finding: Finding): string {
  const at = finding.region ? `:${finding.region.line}:${finding.region.column}` : '';
  return `${finding.file}${at}: ${severityWords[finding.severity]}: ${finding.message}`;
}
