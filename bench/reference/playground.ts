import { readFileSync } from 'node:fs';
import type { Schema } from '../../language/index.ts';
import { withoutStringsAndComments } from './exampleFilter.ts';

/**
 * The playground datasets the reference's examples read, with field names and types taken from
 * the project's sample-dataset facts (`object/map` written as `object`).
 */
export function loadPlaygroundSchema(): Schema {
  const schema = JSON.parse(readFileSync(new URL('./playground-schema.json', import.meta.url), 'utf8')) as Schema;
  if (!Array.isArray(schema.datasets) || schema.datasets.length === 0) throw new Error('playground-schema.json has no datasets');
  return schema;
}

/**
 * The playground datasets a query names: quoted (`['otel-demo-traces']`, `["hn"]`) anywhere, or
 * bare (`hn`) in code outside strings and comments. Only names that need no quoting can be bare.
 */
export function playgroundDatasetsIn(query: string, schema: Schema): string[] {
  const code = withoutStringsAndComments(query);
  return schema.datasets
    .map((dataset) => dataset.name)
    .filter((name) => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      if (new RegExp(`\\[\\s*(['"])${escaped}\\1\\s*\\]`).test(query)) return true;
      return /^[A-Za-z_]\w*$/.test(name) && new RegExp(`(?<![\\w.$-])${escaped}(?![\\w-])`).test(code);
    });
}
