/**
 * SARIF 2.1.0, the format GitHub code scanning uploads (github/codeql-action/upload-sarif):
 * one run, a rule per code that occurs, a result per finding. Columns count UTF-16 code units,
 * SARIF's default, as the language core does.
 */
import type { Severity } from '../../language/index.ts';
import type { Finding } from './finding.ts';
import { ruleDescription } from './ruleDescriptions.ts';

const schemaUri = 'https://json.schemastore.org/sarif-2.1.0.json';
const levels: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export interface SarifTool {
  name: string;
  version: string;
}

/** `uriOf` turns a finding's file into a URI relative to the repository root. */
export function sarifReport(findings: readonly Finding[], tool: SarifTool, uriOf: (file: string) => string): string {
  const ruleIds = [...new Set(findings.map((finding) => finding.code))].sort();
  const rules = ruleIds.map((id) => {
    const { short, full } = ruleDescription(id);
    return { id, name: ruleName(id), shortDescription: { text: short }, fullDescription: { text: full }, help: { text: full } };
  });
  const results = findings.map((finding) => {
    // Code scanning places only results with a region: a file as a whole points at its start.
    const { line, column, endLine, endColumn } = finding.region ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
    const physicalLocation = {
      artifactLocation: { uri: uriOf(finding.file) },
      region: { startLine: line, startColumn: column, endLine, endColumn },
    };
    return {
      ruleId: finding.code,
      ruleIndex: ruleIds.indexOf(finding.code),
      level: levels[finding.severity],
      message: { text: finding.message },
      locations: [{ physicalLocation }],
    };
  });
  const log = {
    $schema: schemaUri,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: tool.name, semanticVersion: tool.version, rules } }, results }],
  };
  return JSON.stringify(log, null, 2);
}

/** `unknown-column` → `UnknownColumn`, the form SARIF suggests for rule names. */
function ruleName(id: string): string {
  return id.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}

/** A relative path with forward slashes as a URI reference, each segment percent-encoded. */
export function relativeUri(relativePath: string): string {
  return relativePath.split('/').map(encodeURIComponent).join('/');
}
