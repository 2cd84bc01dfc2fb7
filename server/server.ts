import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { serverCapabilities } from './capabilities.ts';
import { withoutFinalLineBreak } from './cellFormatting.ts';
import {
  encodeSemanticTokens,
  toLspCompletionItem,
  toLspDocumentSymbol,
  toLspCodeAction,
  toLspFoldingRange,
  toLspInlayHint,
  toLspWorkspaceSymbol,
  toLspHover,
  toLspSignatureHelp,
} from './convert.ts';
import { DiagnosticsPublisher } from './diagnostics.ts';
import { DocumentStore } from './documents.ts';
import { describeError, guarded } from './guard.ts';
import { loadLanguageCore, type LanguageCore } from './languageCore.ts';
import { registerNavigation } from './navigation.ts';
import { NotebookCells } from './notebookCells.ts';
import { diagnoseNotebooks } from './notebookDiagnostics.ts';
import { SetSchemaNotification } from './protocol.ts';

/** Go to Symbol in Workspace lists no more than this many (the editor filters them further as one types). */
const maxWorkspaceSymbols = 500;

/** What the server works with once the language core is loaded. */
export interface Session {
  language: LanguageCore;
  store: DocumentStore;
  diagnostics: DiagnosticsPublisher;
}

/** Makes a request handler that waits for the core, then answers through `guarded` (`fallback` if it throws). */
export type SessionRequest = <P, R>(name: string, fallback: R, handler: (current: Session, params: P) => R) => (params: P) => Promise<R>;

/**
 * Wires the language core to a connection. Everything here is translation; the work happens in `language/`.
 *
 * `initialize` is answered before the core is loaded: the capabilities are fixed, and the client hears
 * back sooner. The core loads at `initialized`, or at the first message that needs it if that comes first;
 * handlers wait for it, and the client's messages are still answered in order.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const cells = new NotebookCells();
  let initialSchema: unknown;
  let canRefreshSemanticTokens = false;
  let session: Promise<Session> | undefined;

  const useSchema = (current: Session, value: unknown, origin: string): boolean => {
    try {
      current.store.setSchema(current.language.readSchema(value));
      return true;
    } catch (error) {
      connection.console.warn(`Ignoring the schema from ${origin}: ${describeError(error)}`);
      return false;
    }
  };

  const ready = (): Promise<Session> => {
    session ??= loadLanguageCore().then((language) => {
      const store = new DocumentStore(documents, cells, language);
      const started = { language, store, diagnostics: new DiagnosticsPublisher(connection, store, language) };
      if (initialSchema !== undefined && initialSchema !== null) useSchema(started, initialSchema, 'initializationOptions');
      return started;
    });
    return session;
  };

  /** Runs `work` once the core is loaded; a failure is reported to the client's log, as in `guarded`. */
  const whenReady = (name: string, work: (current: Session) => void): void => {
    ready().then(work, (error: unknown) => connection.console.error(`${name} failed: ${describeError(error)}`));
  };

  /** A request handler that waits for the core, then answers through `guarded`. */
  const request: SessionRequest =
    <P, R>(name: string, fallback: R, handler: (current: Session, params: P) => R) =>
    async (params: P): Promise<R> => {
      const current = await ready();
      return guarded(connection, name, fallback, (value: P) => handler(current, value))(params);
    };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    initialSchema = (params.initializationOptions as { schema?: unknown } | null | undefined)?.schema;
    canRefreshSemanticTokens = params.capabilities.workspace?.semanticTokens?.refreshSupport === true;
    return { capabilities: serverCapabilities, serverInfo: { name: 'apl-language-server' } };
  });
  connection.onInitialized(() => whenReady('loading the language core', () => undefined));

  connection.onNotification(SetSchemaNotification.method, (schema: SetSchemaNotification.Params) =>
    whenReady(SetSchemaNotification.method, (current) => {
      if (!useSchema(current, schema, SetSchemaNotification.method)) return;
      current.diagnostics.publishAll();
      if (canRefreshSemanticTokens) {
        connection.languages.semanticTokens.refresh().catch((error: unknown) => {
          connection.console.warn(`Semantic token refresh failed: ${describeError(error)}`);
        });
      }
    }),
  );

  documents.onDidOpen(({ document }) => whenReady('diagnostics', (current) => current.diagnostics.publishNow(document.uri)));
  documents.onDidChangeContent(({ document }) => whenReady('diagnostics', (current) => current.diagnostics.schedule(document.uri)));
  documents.onDidClose(({ document }) => whenReady('diagnostics', (current) => current.diagnostics.clear(document.uri)));
  diagnoseNotebooks(cells, whenReady);

  connection.onCompletion(
    request('completion', [], ({ language, store }, { textDocument, position }) => {
      const view = store.analyzed(textDocument.uri);
      return view ? view.listFromAnalyzed(language.getCompletions(view.analyzed, view.toAnalyzed(position))).map(toLspCompletionItem) : [];
    }),
  );

  connection.onHover(
    request('hover', null, ({ language, store }, { textDocument, position }) => {
      const view = store.analyzed(textDocument.uri);
      const hover = view && view.fromAnalyzed(language.getHover(view.analyzed, view.toAnalyzed(position)));
      return hover ? toLspHover(hover) : null;
    }),
  );

  connection.onSignatureHelp(
    request('signature help', null, ({ language, store }, { textDocument, position }) => {
      const view = store.analyzed(textDocument.uri);
      const help = view && language.getSignatureHelp(view.analyzed, view.toAnalyzed(position));
      return help ? toLspSignatureHelp(help) : null;
    }),
  );

  connection.onDocumentFormatting(
    request('formatting', [], ({ language, store }, { textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      const edits = parsed ? language.formatDocument(parsed) : [];
      return parsed && store.isCell(textDocument.uri) ? withoutFinalLineBreak(edits, parsed) : edits;
    }),
  );

  connection.onDocumentRangeFormatting(
    request('range formatting', [], ({ language, store }, { textDocument, range }) => {
      const parsed = store.parsed(textDocument.uri);
      const edits = parsed ? language.formatRange(parsed, range) : [];
      return parsed && store.isCell(textDocument.uri) ? withoutFinalLineBreak(edits, parsed) : edits;
    }),
  );

  connection.onDocumentOnTypeFormatting(
    request('on-type formatting', [], ({ language, store }, { textDocument, position }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? language.formatOnType(parsed, position) : [];
    }),
  );

  connection.onDocumentSymbol(
    request('document symbols', [], ({ language, store }, { textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? language.getDocumentSymbols(parsed).map(toLspDocumentSymbol) : [];
    }),
  );

  connection.onWorkspaceSymbol(
    request('workspace symbols', [], ({ language, store }, { query }) =>
      store.all().flatMap((document) => {
        const parsed = store.parsed(document.uri);
        return parsed ? language.findSymbols(parsed, query).slice(0, maxWorkspaceSymbols).map((found) => toLspWorkspaceSymbol(document.uri, found)) : [];
      }).slice(0, maxWorkspaceSymbols),
    ),
  );

  connection.onFoldingRanges(
    request('folding ranges', [], ({ language, store }, { textDocument }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? language.getFoldingRanges(parsed).map(toLspFoldingRange) : [];
    }),
  );

  connection.languages.inlayHint.on(
    request('inlay hints', [], ({ language, store }, { textDocument, range }) => {
      const view = store.analyzed(textDocument.uri);
      return view ? view.listFromAnalyzed(language.getInlayHints(view.analyzed, view.toAnalyzedRange(range))).map(toLspInlayHint) : [];
    }),
  );

  connection.onCodeAction(
    request('code actions', [], ({ language, store }, { textDocument, range }) => {
      const view = store.analyzed(textDocument.uri);
      if (!view) return [];
      const actions = language.getCodeActions(view.analyzed, language.getDiagnostics(view.analyzed), view.toAnalyzedRange(range));
      // An action that would edit the prelude would edit another cell: it is left out.
      return view.listFromAnalyzed(actions).map((action) => toLspCodeAction(textDocument.uri, action));
    }),
  );

  connection.onSelectionRanges(
    request('selection ranges', [], ({ language, store }, { textDocument, positions }) => {
      const parsed = store.parsed(textDocument.uri);
      return parsed ? language.getSelectionRanges(parsed, positions.map((position) => parsed.lineIndex.offsetAt(position))) : [];
    }),
  );

  connection.languages.semanticTokens.on(
    request('semantic tokens', { data: [] }, ({ language, store }, { textDocument }) => {
      const view = store.analyzed(textDocument.uri);
      return encodeSemanticTokens(view ? view.listFromAnalyzed(language.getSemanticTokens(view.analyzed)) : []);
    }),
  );

  // The editor asks for the visible lines first: the tokens of those lines (the analysis is the whole document's).
  connection.languages.semanticTokens.onRange(
    request('semantic tokens in a range', { data: [] }, ({ language, store }, { textDocument, range }) => {
      const view = store.analyzed(textDocument.uri);
      const tokens = view ? view.listFromAnalyzed(language.getSemanticTokens(view.analyzed)) : [];
      return encodeSemanticTokens(tokens.filter((token) => token.line >= range.start.line && token.line <= range.end.line));
    }),
  );

  registerNavigation(connection, request);

  documents.listen(connection);
  cells.listen(connection);
}
