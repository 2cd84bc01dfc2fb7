import type { Connection } from 'vscode-languageserver';

/**
 * Wraps a handler so that a failure in the language core costs one empty answer, not the
 * session: the error goes to the client's output channel and `fallback` is returned.
 */
export function guarded<P, R>(connection: Connection, name: string, fallback: R, handler: (params: P) => R): (params: P) => R {
  return (params) => {
    try {
      return handler(params);
    } catch (error) {
      connection.console.error(`${name} failed: ${describeError(error)}`);
      return fallback;
    }
  };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
