import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  chooseConnection,
  connectionPresets,
  legacyTokenKey,
  readConnectionList,
  tokenKey,
  withConnection,
} from '../../client/connectionList.ts';

const legacy = { url: 'http://127.0.0.1:8080/', orgId: 'local' };

test('an unset or empty list is the local connection on the legacy URL setting', () => {
  for (const raw of [undefined, []]) {
    assert.deepEqual(readConnectionList(raw, legacy), { connections: [{ name: 'local', url: 'http://127.0.0.1:8080', orgId: 'local' }], problems: [] });
  }
  const custom = readConnectionList([], { url: 'http://127.0.0.1:9999', orgId: '' });
  assert.deepEqual(custom.connections, [{ name: 'local', url: 'http://127.0.0.1:9999', orgId: '' }], 'apl.service.url keeps working');
});

test('listed connections are read in order, trimmed, with an empty org id when none is given', () => {
  const read = readConnectionList(
    [
      { name: ' prod ', url: 'https://api.axiom.co/', orgId: 'acme' },
      { name: 'local', url: 'http://127.0.0.1:8080' },
    ],
    legacy,
  );
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.connections, [
    { name: 'prod', url: 'https://api.axiom.co', orgId: 'acme' },
    { name: 'local', url: 'http://127.0.0.1:8080', orgId: '' },
  ]);
});

test('unusable entries are left out, each with a problem that says why', () => {
  const read = readConnectionList(
    [
      'prod',
      { url: 'https://api.axiom.co' },
      { name: 'bad name', url: 'https://api.axiom.co' },
      { name: 'ftp', url: 'ftp://example.invalid' },
      { name: 'nourl' },
      { name: 'ok', url: 'http://127.0.0.1:1' },
      { name: 'ok', url: 'http://127.0.0.1:2' },
    ],
    legacy,
  );
  assert.deepEqual(read.connections, [{ name: 'ok', url: 'http://127.0.0.1:1', orgId: '' }]);
  assert.equal(read.problems.length, 6);
  assert.match(read.problems[0]!, /\[0\] is not an object/);
  assert.match(read.problems[1]!, /needs a name/);
  assert.match(read.problems[2]!, /"bad name"/);
  assert.match(read.problems[3]!, /not an http or https URL/);
  assert.match(read.problems[4]!, /needs a URL/);
  assert.match(read.problems[5]!, /"ok" is used twice/);
});

test('a setting that is not a list falls back to the legacy URL, with a problem', () => {
  const read = readConnectionList({ name: 'prod' }, legacy);
  assert.deepEqual(read.connections.map((each) => each.name), ['local']);
  assert.match(read.problems[0]!, /not a list/);
});

test('each connection keeps its token under its own key, apart from the legacy one', () => {
  assert.equal(tokenKey('prod'), 'apl.serviceToken.prod');
  assert.notEqual(tokenKey('local'), tokenKey('prod'));
  assert.notEqual(tokenKey('local'), legacyTokenKey);
});

test('a file that names a connection wins over the active one; an unknown name is an error naming the known ones', () => {
  const connections = readConnectionList([{ name: 'local', url: 'http://127.0.0.1:8080' }, { name: 'prod', url: 'https://api.axiom.co' }], legacy).connections;
  assert.deepEqual(chooseConnection(connections, 'local', 'prod'), { connection: connections[1], source: 'file' });
  assert.deepEqual(chooseConnection(connections, 'prod', undefined), { connection: connections[1], source: 'active' });
  assert.deepEqual(chooseConnection(connections, 'gone', undefined), { connection: connections[0], source: 'default' });
  assert.deepEqual(chooseConnection(connections, undefined, undefined), { connection: connections[0], source: 'default' });
  const unknown = chooseConnection(connections, 'local', 'staging');
  assert.ok('error' in unknown);
  assert.match(unknown.error, /"staging".*local, prod/);
});

test('adding appends, editing replaces in place (also under a new name)', () => {
  const local = { name: 'local', url: 'http://127.0.0.1:8080', orgId: 'local' };
  const prod = { name: 'prod', url: 'https://api.axiom.co', orgId: 'acme' };
  assert.deepEqual(withConnection([local], prod), [local, prod]);
  assert.deepEqual(withConnection([local, prod], { ...prod, orgId: 'other' }), [local, { ...prod, orgId: 'other' }]);
  assert.deepEqual(withConnection([local, prod], { ...prod, name: 'production' }, 'prod'), [local, { ...prod, name: 'production' }]);
});

test('the presets are the local service and the public API', () => {
  const presets = connectionPresets({ url: 'http://127.0.0.1:8080', orgId: 'local' });
  assert.deepEqual(presets.map((each) => each.url), ['http://127.0.0.1:8080', 'https://api.axiom.co']);
});
