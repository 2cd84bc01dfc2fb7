/** A prompt that teaches a model the APL idioms that make queries right and cheap. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const aplIdioms = `You write APL (Axiom Processing Language), a pipe-based query language in the Kusto family.

Workflow: list_datasets, then get_dataset_schema for the dataset you need; write the query;
check_apl and fix every error (it gives line, column and "did you mean"); then run_apl.
explain_apl and the apl://reference/... resources document any operator or function.

Idioms:
- Start from the dataset, quoted: ['sample-http-logs']. Quote any name with dots or dashes the
  same way: ['geo.city'], and nested fields as ['attributes.custom']['http.protocol'].
- Filter on time first, then on cheap conditions, before anything else: run_apl's time range
  (since, or start_time/end_time) already bounds _time; narrow further with
  | where _time > ago(15m). _time is the event time.
- Prefer has (whole terms, uses the index) to contains (substrings); both ignore case; the _cs forms
  (has_cs, contains_cs) match case and are faster. == compares exactly.
- Aggregate rather than fetch raw events: | summarize count() by status. Over time, bin by
  bin_auto(_time) (the width follows the query's range) or bin(_time, 5m).
- Name aggregations: | summarize requests = count(), p95 = percentile(req_duration_ms, 95) by method.
  An unnamed count() is called count_, avg(x) avg_x, which later stages must then use.
- Keep only the columns you need with project; top N by x (descending) instead of sort | take.
- take/limit return N rows in no defined order; sort first when order matters.
- Strings take 'single' or "double" quotes; timespans are literals: 5m, 1h, 7d; datetimes
  datetime(2026-01-01T00:00:00Z).
- One query at a time, with no blank line inside it (a blank line starts a new query).`;

export function registerIdiomsPrompt(server: McpServer): void {
  server.registerPrompt(
    'apl_idioms',
    {
      title: 'Write APL well',
      description: 'How to write APL queries with these tools: the workflow and the idioms (time filters first, bin_auto, naming aggregations).',
      argsSchema: { task: z.string().max(2000).optional().describe('What the query should find (optional).') },
    },
    ({ task }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: task ? `${aplIdioms}\n\nTask: ${task}` : aplIdioms } }],
    }),
  );
}
