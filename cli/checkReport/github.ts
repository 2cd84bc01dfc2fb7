/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`): the runner turns each into
 * an annotation on the pull request's diff.
 */
import type { Severity } from '../../language/index.ts';
import type { Finding } from './finding.ts';

const commandNames: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** `file` should be relative to the repository root, with forward slashes. */
export function githubCommand(finding: Finding, file: string): string {
  const properties: [string, string | number][] = [['file', file]];
  const region = finding.region;
  if (region) {
    properties.push(['line', region.line]);
    // Annotations take columns only within one line; GitHub drops or refuses them otherwise.
    if (region.endLine === region.line) properties.push(['col', region.column], ['endColumn', region.endColumn]);
    properties.push(['endLine', region.endLine]);
  }
  properties.push(['title', `apl ${finding.code}`]);
  const list = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${commandNames[finding.severity]} ${list}::${escapeData(finding.message)}`;
}

export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
