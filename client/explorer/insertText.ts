/** What the explorer writes into a query: names quoted as the language writes them. */
import { escapeQuoted, nameReference } from '../../language/features/names.ts';

/** A dataset is always written `['name']`, as the APL reference writes datasets. */
export function datasetReference(name: string): string {
  return `['${escapeQuoted(name, "'")}']`;
}

/** A field stays bare when it can (`status`), else `['geo.city']`. */
export function fieldReference(name: string): string {
  return nameReference(name);
}

/** The untitled query New Query on This Dataset opens. */
export function newQueryText(dataset: string): string {
  return `${datasetReference(dataset)}\n| where _time > ago(1h)\n| take 100\n`;
}
