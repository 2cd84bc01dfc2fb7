/**
 * Custom messages between the APL client and server. Both processes import this module,
 * so the method names and parameter shapes are declared exactly once. Types only at run time:
 * the extension imports it at activation, before the protocol library is loaded.
 */
import type { Schema } from '../language/index.ts';

/** What the client may pass as `initializationOptions`. */
export interface InitializationOptions {
  schema?: Schema;
}

/** Replaces the schema the server analyses against; open documents are diagnosed again. */
export namespace SetSchemaNotification {
  export const method = 'apl/setSchema';
  export type Params = Schema;
}
