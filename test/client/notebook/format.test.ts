import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NotebookFormatError, parseNotebook, serializeNotebook } from '../../../client/notebook/format.ts';
import { outputBytesFromData, outputDataFromBytes } from '../../../client/notebook/outputData.ts';

const fixture = readFileSync(join(import.meta.dirname, 'fixtures/investigation.apl-notebook'), 'utf8');
const example = readFileSync(join(import.meta.dirname, '../../../examples/investigation.apl-notebook'), 'utf8');

describe('notebook file format', () => {
  it('reads the fixture and writes it back byte for byte', () => {
    const notebook = parseNotebook(fixture);
    assert.deepEqual(notebook.metadata, { connection: 'local', timeRange: { start: 'now-6h', end: 'now' } });
    assert.deepEqual(notebook.cells.map((cell) => cell.kind), ['markdown', 'apl', 'apl']);
    assert.equal(notebook.cells[0]!.source, '# Server errors\n\nWhich methods fail, and since when.');
    assert.deepEqual(notebook.cells[1]!.execution, { order: 1, success: true, durationMs: 41 });
    assert.equal(serializeNotebook(notebook), fixture);
  });

  it('the example under examples/ reads and is written as it is', () => {
    assert.equal(serializeNotebook(parseNotebook(example)), example);
  });

  it('keeps integers past 2^53 in outputs exact, in the file and in the output bytes', () => {
    const text = serializeNotebook({ metadata: {}, cells: [{ kind: 'apl', source: 'x', outputs: [{ mime: 'application/json', data: { n: 9007199254740993n } }] }] });
    assert.match(text, /"n": 9007199254740993\n/);
    const output = parseNotebook(text).cells[0]!.outputs![0]!;
    assert.equal(serializeNotebook(parseNotebook(text)), text);
    const bytes = outputBytesFromData(output.mime, output.data);
    assert.equal(new TextDecoder().decode(bytes), '{"n":9007199254740993}');
    assert.deepEqual(outputDataFromBytes(output.mime, bytes), { n: 9007199254740993n });
  });

  it('writes keys in a fixed order whatever order the objects were built in, with a trailing newline', () => {
    const text = serializeNotebook({
      metadata: { timeRange: { end: 'now', start: 'now-1h' }, connection: 'prod' } as never,
      cells: [{ execution: { durationMs: 5, success: false, order: 3 }, source: 'a\r\nb', kind: 'apl' } as never],
    });
    assert.equal(
      text,
      '{\n  "version": 1,\n  "metadata": {\n    "connection": "prod",\n    "timeRange": {\n      "start": "now-1h",\n      "end": "now"\n    }\n  },\n' +
        '  "cells": [\n    {\n      "kind": "apl",\n      "source": [\n        "a",\n        "b"\n      ],\n' +
        '      "execution": {\n        "order": 3,\n        "success": false,\n        "durationMs": 5\n      }\n    }\n  ]\n}\n',
    );
    assert.equal(serializeNotebook(parseNotebook(text)), text, 'stable: writing what was read changes nothing');
  });

  it('keeps a cell whose text ends with a line break, and an empty cell', () => {
    const notebook = { metadata: {}, cells: [{ kind: 'apl' as const, source: 'x\n' }, { kind: 'markdown' as const, source: '' }] };
    assert.deepEqual(parseNotebook(serializeNotebook(notebook)), notebook);
  });

  it('leaves out outputs and execution summaries when asked', () => {
    const stripped = serializeNotebook(parseNotebook(fixture), { outputs: false });
    assert.doesNotMatch(stripped, /"outputs"|"execution"/);
    const notebook = parseNotebook(stripped);
    assert.equal(notebook.cells.length, 3);
    assert.equal(notebook.cells[1]!.source, parseNotebook(fixture).cells[1]!.source);
    assert.deepEqual(notebook.metadata, parseNotebook(fixture).metadata);
  });

  it('an empty file is an empty notebook', () => {
    assert.deepEqual(parseNotebook(''), { metadata: {}, cells: [] });
    assert.deepEqual(parseNotebook(' \n'), { metadata: {}, cells: [] });
  });

  it('says what is wrong with a malformed file', () => {
    const cases: [string, RegExp][] = [
      ['{"version": 1, "cells": [', /not JSON/],
      ['[1, 2]', /the file must be an object, not a list/],
      ['{"cells": []}', /"version" must be 1, not missing/],
      ['{"version": 2, "cells": []}', /format version 2, newer than this extension reads \(1\)/],
      ['{"version": 1, "cells": {}}', /"cells" must be a list/],
      ['{"version": 1, "cells": [{"kind": "code", "source": []}]}', /cells\[0\]\.kind must be "markdown" or "apl", not "code"/],
      ['{"version": 1, "cells": [{"kind": "apl", "source": "x"}]}', /cells\[0\]\.source must be a list/],
      ['{"version": 1, "cells": [{"kind": "apl", "source": ["a", 3]}]}', /cells\[0\]\.source\[1\] must be a string, not 3/],
      ['{"version": 1, "cells": [{"kind": "apl", "outputs": [{"mime": "text/plain"}]}]}', /cells\[0\]\.outputs\[0\] has no "data"/],
      ['{"version": 1, "cells": [{"kind": "apl", "execution": {"order": 1.5, "success": true, "durationMs": 1}}]}', /execution\.order must be a whole number/],
      ['{"version": 1, "metadata": {"timeRange": {"start": "now-1h"}}, "cells": []}', /"metadata\.timeRange\.end" must be a string, not missing/],
    ];
    for (const [text, message] of cases) {
      assert.throws(() => parseNotebook(text), (error: unknown) => error instanceof NotebookFormatError && message.test(error.message), text);
    }
  });

  it('keeps text and binary outputs', () => {
    assert.equal(outputDataFromBytes('text/plain', new TextEncoder().encode('héllo')), 'héllo');
    const png = new Uint8Array([137, 80, 78, 71, 0, 255]);
    const data = outputDataFromBytes('image/png', png);
    assert.equal(typeof data, 'string');
    assert.deepEqual(outputBytesFromData('image/png', data), png);
    const error = { name: 'Error', message: 'Line 2, column 3: x' };
    assert.deepEqual(outputDataFromBytes('application/vnd.code.notebook.error', outputBytesFromData('application/vnd.code.notebook.error', error)), error);
  });
});
