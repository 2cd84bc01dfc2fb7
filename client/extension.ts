import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { Schema } from '../language/index.ts';
import { SetSchemaNotification, type InitializationOptions } from '../server/protocol.ts';

/** What `activate` returns: other extensions and tests reach the server through this. */
export interface AplExtensionApi {
  setSchema(schema: Schema): Promise<void>;
}

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<AplExtensionApi> {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const initializationOptions: InitializationOptions = { schema: undefined };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'axiom-apl' },
      { scheme: 'untitled', language: 'axiom-apl' },
    ],
    initializationOptions,
  };

  const started = new LanguageClient('axiom-apl', 'APL Language Server', serverOptions, clientOptions);
  client = started;
  await started.start();

  return {
    setSchema: (schema) => started.sendNotification(SetSchemaNotification.type, schema),
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
