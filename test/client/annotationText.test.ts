import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { annotationDescription, createdMessage, newestFirst } from '../../client/annotationText.ts';
import { parseExact } from '../../wire/exactJson.ts';
import type { Annotation } from '../../client/serviceTypes.ts';

function fixture(name: string): unknown {
  const recorded = JSON.parse(readFileSync(new URL(`fixtures/publicReplies/${name}.json`, import.meta.url), 'utf8')) as { body: string };
  return parseExact(recorded.body);
}

describe('annotation text', () => {
  it('lists annotations without time: no "undefined", newest first, timeless last', () => {
    const list = fixture('annotationsList') as Annotation[];
    const ordered = newestFirst(list);
    assert.deepEqual(ordered.map((annotation) => annotation.id), ['ann_3', 'ann_1', 'ann_2', 'ann_4']);
    const descriptions = ordered.map(annotationDescription);
    assert.deepEqual(descriptions, ['deploy · 2026-01-01T00:00:42.5Z', 'deploy · 2026-01-01T00:00:42Z → 2026-01-01T00:01:00Z', 'deploy · no time', 'incident · no time']);
  });

  it('confirms a create whose reply has no datasets with the datasets asked for', () => {
    const created = fixture('annotationCreated') as Partial<Annotation>;
    assert.equal(createdMessage(created, ['web']), 'APL: annotation ann_9 added to web.');
    assert.equal(createdMessage({ id: 'a', datasets: ['x', 'y'] }, ['web']), 'APL: annotation a added to x, y.');
  });
});
