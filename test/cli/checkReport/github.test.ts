import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeData, escapeProperty, githubCommand } from '../../../cli/checkReport/github.ts';

describe('GitHub workflow commands', () => {
  it('escapes %, CR and LF in the message, and also : and , in properties', () => {
    assert.equal(escapeData('50% done\r\nnext: a,b'), '50%25 done%0D%0Anext: a,b');
    assert.equal(escapeProperty('50% done\r\nnext: a,b'), '50%25 done%0D%0Anext%3A a%2Cb');
  });

  it('names columns only for a problem within one line', () => {
    const region = { line: 2, column: 5, endLine: 4, endColumn: 3 };
    const command = githubCommand({ file: 'q.apl', region, severity: 'warning', code: 'syntax', message: 'm' }, 'q.apl');
    assert.equal(command, '::warning file=q.apl,line=2,endLine=4,title=apl syntax::m');
  });

  it('reports information as a notice and a file without a position by its name alone', () => {
    const command = githubCommand({ file: 'q.apl', severity: 'information', code: 'unreadable-file', message: 'gone' }, 'dir/q.apl');
    assert.equal(command, '::notice file=dir/q.apl,title=apl unreadable-file::gone');
  });
});
