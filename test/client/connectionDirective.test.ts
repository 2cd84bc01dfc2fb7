import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectionDirective } from '../../client/connectionDirective.ts';

test('a first line "// connection: name" names the connection', () => {
  assert.equal(connectionDirective('// connection: prod\n[\'logs\'] | take 1'), 'prod');
  assert.equal(connectionDirective('  //connection:prod  '), 'prod');
  assert.equal(connectionDirective('// Connection: eu-1\r\n[\'logs\']'), 'eu-1', 'CRLF and any case');
  assert.equal(connectionDirective('\uFEFF// connection: local'), 'local', 'after a byte-order mark');
});

test('anything else names none', () => {
  assert.equal(connectionDirective(''), undefined);
  assert.equal(connectionDirective("['logs'] | take 1"), undefined);
  assert.equal(connectionDirective('// a comment\n// connection: prod'), undefined, 'only the first line counts');
  assert.equal(connectionDirective('// connection:'), undefined);
  assert.equal(connectionDirective('// connection: two words'), undefined);
  assert.equal(connectionDirective("['logs'] // connection: prod"), undefined);
});
