/**
 * The catalog's reference pages as MCP resources: one per tabular operator
 * (`apl://reference/operators/{name}`) and per function (`apl://reference/functions/{name}`),
 * an index of each, and the scalar operators and data types as one page each.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { aggregations, dataTypes, findFunction, findOperator, operators, scalarFunctions, scalarOperators, summaryOf } from '../../language/catalog/catalog.ts';

const markdown = 'text/markdown';
const base = 'apl://reference';

const functionEntries = () => [...scalarFunctions(), ...aggregations()].sort((a, b) => a.name.localeCompare(b.name));

export function registerReferenceResources(server: McpServer): void {
  server.registerResource(
    'apl-operators',
    `${base}/operators`,
    { title: 'APL tabular operators', description: 'Every APL tabular operator (where, summarize, extend, …) with a one-line summary.', mimeType: markdown },
    (uri) => page(uri.href, index('Tabular operators', operators().map((entry) => [entry.name, summaryOf(entry)]), 'operators')),
  );
  server.registerResource(
    'apl-functions',
    `${base}/functions`,
    { title: 'APL functions', description: 'Every APL scalar and aggregation function with a one-line summary.', mimeType: markdown },
    (uri) => page(uri.href, index('Functions', functionEntries().map((entry) => [entry.name, `${entry.kind === 'aggregation' ? '(aggregation) ' : ''}${summaryOf(entry)}`]), 'functions')),
  );
  server.registerResource(
    'apl-operator',
    new ResourceTemplate(`${base}/operators/{name}`, {
      list: () => ({
        resources: operators().map((entry) => ({ uri: `${base}/operators/${entry.name}`, name: entry.name, description: summaryOf(entry), mimeType: markdown })),
      }),
    }),
    { title: 'APL tabular operator', description: 'The reference page of one APL tabular operator.', mimeType: markdown },
    (uri, { name }) => {
      const entry = findOperator(String(name));
      if (!entry) throw new Error(`No APL operator named '${String(name)}'; ${base}/operators lists them.`);
      return page(uri.href, entry.doc);
    },
  );
  server.registerResource(
    'apl-function',
    new ResourceTemplate(`${base}/functions/{name}`, {
      list: () => ({
        resources: functionEntries().map((entry) => ({ uri: `${base}/functions/${entry.name}`, name: entry.name, description: summaryOf(entry), mimeType: markdown })),
      }),
    }),
    { title: 'APL function', description: 'The reference page of one APL scalar or aggregation function.', mimeType: markdown },
    (uri, { name }) => {
      const entry = findFunction(String(name));
      if (!entry) throw new Error(`No APL function named '${String(name)}'; ${base}/functions lists them.`);
      return page(uri.href, entry.doc);
    },
  );
  server.registerResource(
    'apl-scalar-operators',
    `${base}/scalar-operators`,
    { title: 'APL scalar operators', description: 'String, comparison, logical and set operators (contains, has, in, between, …).', mimeType: markdown },
    (uri) => page(uri.href, scalarOperators().map((entry) => entry.doc).join('\n\n---\n\n')),
  );
  server.registerResource(
    'apl-data-types',
    `${base}/data-types`,
    { title: 'APL data types', description: 'The scalar types of APL and their literals.', mimeType: markdown },
    (uri) => page(uri.href, dataTypes().map((entry) => entry.doc).join('\n\n---\n\n')),
  );
}

function index(title: string, entries: [string, string][], folder: string): string {
  return [`# APL ${title.toLowerCase()}`, '', `Each has a page at ${base}/${folder}/{name}.`, '', ...entries.map(([name, summary]) => `- \`${name}\`: ${summary}`)].join('\n');
}

function page(uri: string, text: string) {
  return { contents: [{ uri, mimeType: markdown, text }] };
}
