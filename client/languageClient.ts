/** Starts the APL language server (IPC) and gives the one call the extension needs: `setSchema`. */
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { Schema } from '../language/index.ts';
import { SetSchemaNotification, type InitializationOptions } from '../server/protocol.ts';

export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
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
  return new LanguageClient('axiom-apl', 'APL Language Server', serverOptions, clientOptions);
}

export function sendSchema(client: LanguageClient, schema: Schema): Promise<void> {
  return client.sendNotification(SetSchemaNotification.type, schema);
}
