/** How `apl check` prints what it found, one module per `--format`. */
import * as path from 'node:path';
import type { Finding } from './finding.ts';
import { githubCommand } from './github.ts';
import { jsonReport } from './json.ts';
import { relativeUri, sarifReport, type SarifTool } from './sarif.ts';
import { textLine } from './text.ts';

export type { Finding, Region } from './finding.ts';

export const checkFormats = ['text', 'json', 'github', 'sarif'] as const;
export type CheckFormat = (typeof checkFormats)[number];

export function isCheckFormat(text: string): text is CheckFormat {
  return (checkFormats as readonly string[]).includes(text);
}

/** The lines to print for `findings`. Paths in github and sarif output are made relative to `cwd`. */
export function renderFindings(findings: readonly Finding[], format: CheckFormat, cwd: string, tool: SarifTool): string[] {
  switch (format) {
    case 'text':
      return findings.map(textLine);
    case 'json':
      return [jsonReport(findings)];
    case 'github':
      return findings.map((finding) => githubCommand(finding, relativePath(finding.file, cwd)));
    case 'sarif':
      return [sarifReport(findings, tool, (file) => relativeUri(relativePath(file, cwd)))];
  }
}

/** The path from `cwd` (the repository root, in CI), with forward slashes. */
function relativePath(file: string, cwd: string): string {
  return path.relative(cwd, path.resolve(cwd, file)).split(path.sep).join('/');
}
