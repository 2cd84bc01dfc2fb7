/** What the explorer writes into a query: names quoted as the language writes them. */
import { datasetReference, nameReference } from '../../language/features/names.ts';

export { datasetReference };

/** A field stays bare when it can (`status`), else `['geo.city']`. */
export function fieldReference(name: string): string {
  return nameReference(name);
}

/** The untitled query New Query on This Dataset opens. */
export function newQueryText(dataset: string): string {
  return `${datasetReference(dataset)}\n| where _time > ago(1h)\n| take 100\n`;
}
