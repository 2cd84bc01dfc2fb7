import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { relativeUri, sarifReport } from '../../../cli/checkReport/sarif.ts';
import { rules } from '../../../language/analysis/rules.ts';

const tool = { name: 'apl', version: '1.2.3' };

describe('SARIF report', () => {
  it('points a finding without a position at the start of its file, as code scanning needs a region', () => {
    const log = JSON.parse(sarifReport([{ file: 'q.apl', severity: 'error', code: 'unreadable-file', message: 'cannot read file' }], tool, (file) => file));
    assert.deepEqual(log.runs[0].results[0].locations[0].physicalLocation, {
      artifactLocation: { uri: 'q.apl' },
      region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
    });
    assert.equal(log.runs[0].tool.driver.rules[0].shortDescription.text, 'File cannot be read');
  });

  it('describes codes it does not know from their names, and maps information to note', () => {
    const region = { line: 3, column: 2, endLine: 3, endColumn: 5 };
    const log = JSON.parse(sarifReport([{ file: 'q.apl', region, severity: 'information', code: 'time-filter-missing', message: 'm' }], tool, (file) => file));
    const [rule] = log.runs[0].tool.driver.rules;
    assert.deepEqual(rule.shortDescription, { text: 'Time filter missing' });
    assert.equal(rule.name, 'TimeFilterMissing');
    assert.equal(log.runs[0].results[0].level, 'note');
    assert.equal(log.runs[0].tool.driver.semanticVersion, '1.2.3');
  });

  it('describes every rule the analyzer reports in words of its own, not made from its code', () => {
    const findings = Object.values(rules).map((rule) => ({ file: 'q.apl', severity: 'error' as const, code: rule.code, message: 'm' }));
    const log = JSON.parse(sarifReport(findings, tool, (file) => file));
    for (const rule of log.runs[0].tool.driver.rules) {
      assert.notEqual(rule.fullDescription.text, `${rule.shortDescription.text}.`, rule.id);
    }
    assert.equal(log.runs[0].tool.driver.rules.length, Object.keys(rules).length);
  });

  it('percent-encodes path segments so a colon cannot read as a URI scheme', () => {
    assert.equal(relativeUri('dir with space/a:b#c.apl'), 'dir%20with%20space/a%3Ab%23c.apl');
  });
});
