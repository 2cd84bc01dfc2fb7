import { readFileSync } from 'node:fs';
import type { Schema } from '../../../language/analysis/schema.ts';

/** A trimmed copy of the playground's sample schemas (sample-http-logs, otel-demo-traces, ...). */
export const sampleSchema: Schema = JSON.parse(readFileSync(new URL('./fixtures/schema.json', import.meta.url), 'utf8'));
