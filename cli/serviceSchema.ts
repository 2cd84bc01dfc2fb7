/** The schema (datasets and their fields) of a live service, for `apl schema` and `apl check --url`. */
import { ServiceError } from '../client/connection.ts';
import { fetchSchema } from '../client/schema.ts';
import type { Schema } from '../language/index.ts';
import { requestFailure, serviceConnection } from './serviceConnection.ts';

/** The service answered with an error or not at all; the message says which. */
export class SchemaUnavailable extends Error {}

/** Throws a UsageError for a bad URL or a missing token, a SchemaUnavailable when the request fails. */
export async function readServiceSchema(flags: { url?: string; 'org-id'?: string }): Promise<Schema> {
  const connection = await serviceConnection(flags);
  try {
    return await fetchSchema(connection);
  } catch (error) {
    const reason = error instanceof ServiceError ? `${error.status}: ${error.message}` : requestFailure(error, connection.url);
    throw new SchemaUnavailable(`cannot read the schema from ${connection.url}: ${reason}`);
  }
}
