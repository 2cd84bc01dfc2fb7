/** Input schemas more than one tool takes. */
import { z } from 'zod';
import { maxQueryLength } from '../../../client/assistantTools/limits.ts';

export const aplInput = z
  .string()
  .min(1)
  .max(maxQueryLength)
  .describe("One APL query, e.g. ['sample-http-logs'] | where status == '500' | summarize count() by bin_auto(_time). No blank lines inside it.");
