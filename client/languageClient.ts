/**
 * Starts the APL language server (IPC) and gives the one call the extension needs: `setSchema`.
 * vscode-languageclient is loaded on first use, after activation has returned: loading it is most of
 * what activation would otherwise cost.
 */
import type * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import type { Schema } from '../language/index.ts';
import { serverEnvironment } from '../server/environment.ts';
import { SetSchemaNotification, type InitializationOptions } from '../server/protocol.ts';
import { showsColumnHints } from './config.ts';

export async function startLanguageClient(context: vscode.ExtensionContext): Promise<LanguageClient> {
  const { LanguageClient, TransportKind } = await import('vscode-languageclient/node');
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { env: serverEnvironment } },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { env: serverEnvironment, execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const initializationOptions: InitializationOptions = { schema: undefined };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'axiom-apl' },
      { scheme: 'untitled', language: 'axiom-apl' },
      // APL cells of APL notebooks: the server hears of them through notebook document sync.
      { notebook: 'apl-notebook', language: 'axiom-apl' },
    ],
    initializationOptions,
    middleware: {
      provideInlayHints: (document, range, token, next) => (showsColumnHints() ? next(document, range, token) : []),
    },
  };
  const client = new LanguageClient('axiom-apl', 'APL Language Server', serverOptions, clientOptions);
  await client.start();
  return client;
}

export function sendSchema(client: LanguageClient, schema: Schema): Promise<void> {
  return client.sendNotification(SetSchemaNotification.method, schema satisfies SetSchemaNotification.Params);
}
