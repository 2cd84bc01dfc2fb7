import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import {
  formatDocument,
  getCompletions,
  getDocumentSymbols,
  getFoldingRanges,
  getHover,
  getSemanticTokens,
  getSignatureHelp,
  readSchema,
  type Schema,
} from '../language/index.ts';
import { serverCapabilities } from './capabilities.ts';
import {
  encodeSemanticTokens,
  toLspCompletionItem,
  toLspDocumentSymbol,
  toLspFoldingRange,
  toLspHover,
  toLspSignatureHelp,
} from './convert.ts';
import { DiagnosticsPublisher } from './diagnostics.ts';
import { DocumentStore } from './documents.ts';
import { describeError, guarded } from './guard.ts';
import { SetSchemaNotification } from './protocol.ts';

/** Wires the language core to a connection. Everything here is translation; the work happens in `language/`. */
export function startServer(connection: Connection): void {
  const store = new DocumentStore();
  const diagnostics = new DiagnosticsPublisher(connection, store);
  let canRefreshSemanticTokens = false;

  const useSchema = (value: unknown, origin: string): boolean => {
    let schema: Schema;
    try {
      schema = readSchema(value);
    } catch (error) {
      connection.console.warn(`Ignoring the schema from ${origin}: ${describeError(error)}`);
      return false;
    }
    store.setSchema(schema);
    return true;
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const schema = (params.initializationOptions as { schema?: unknown } | null | undefined)?.schema;
    if (schema !== undefined && schema !== null) useSchema(schema, 'initializationOptions');
    canRefreshSemanticTokens = params.capabilities.workspace?.semanticTokens?.refreshSupport === true;
    return { capabilities: serverCapabilities, serverInfo: { name: 'apl-language-server' } };
  });

  connection.onNotification(SetSchemaNotification.method, (schema: SetSchemaNotification.Params) => {
    if (!useSchema(schema, SetSchemaNotification.method)) return;
    diagnostics.publishAll();
    if (canRefreshSemanticTokens) {
      connection.languages.semanticTokens.refresh().catch((error: unknown) => {
        connection.console.warn(`Semantic token refresh failed: ${describeError(error)}`);
      });
    }
  });

  store.documents.onDidOpen(({ document }) => diagnostics.publishNow(document.uri));
  store.documents.onDidChangeContent(({ document }) => diagnostics.schedule(document.uri));
  store.documents.onDidClose(({ document }) => diagnostics.clear(document.uri));

  connection.onCompletion(
    guarded(connection, 'completion', [], ({ textDocument, position }) => {
      const analyzed = store.analyzed(textDocument.uri);
      return analyzed ? getCompletions(analyzed, position).map(toLspCompletionItem) : [];
    }),
  );

  connection.onHover(
    guarded(connection, 'hover', null, ({ textDocument, position }) => {
      const analyzed = store.analyzed(textDocument.uri);
      const hover = analyzed && getHover(analyzed, position);
      return hover ? toLspHover(hover) : null;
    }),
  );

  connection.onSignatureHelp(
    guarded(connection, 'signature help', null, ({ textDocument, position }) => {
      const analyzed = store.analyzed(textDocument.uri);
      const help = analyzed && getSignatureHelp(analyzed, position);
      return help ? toLspSignatureHelp(help) : null;
    }),
  );

  connection.onDocumentFormatting(
    guarded(connection, 'formatting', [], ({ textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? formatDocument(parsed) : [];
    }),
  );

  connection.onDocumentSymbol(
    guarded(connection, 'document symbols', [], ({ textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? getDocumentSymbols(parsed).map(toLspDocumentSymbol) : [];
    }),
  );

  connection.onFoldingRanges(
    guarded(connection, 'folding ranges', [], ({ textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? getFoldingRanges(parsed).map(toLspFoldingRange) : [];
    }),
  );

  connection.languages.semanticTokens.on(
    guarded(connection, 'semantic tokens', { data: [] }, ({ textDocument }) => {
      const analyzed = store.analyzed(textDocument.uri);
      return encodeSemanticTokens(analyzed ? getSemanticTokens(analyzed) : []);
    }),
  );

  store.documents.listen(connection);
}
