/** The service's schema for the tools, fetched at most once a minute: a model checks queries in bursts. */
import type { Schema } from '../../language/index.ts';
import type { Connection } from '../connection.ts';
import { fetchSchema } from '../schema.ts';

export class SchemaCache {
  private cached: { schema: Schema; at: number } | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly maxAgeMs = 60_000,
  ) {}

  async get(signal?: AbortSignal): Promise<Schema> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached.schema;
    const schema = await fetchSchema(this.connection, signal);
    this.cached = { schema, at: Date.now() };
    return schema;
  }
}
