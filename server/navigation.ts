import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import type { Location, Position, TextDocumentIdentifier, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { toLspDocumentHighlight } from './convert.ts';
import { findReferences, notFoundAbove, renameSymbol } from './crossCellSymbols.ts';
import type { Session, SessionRequest } from './server.ts';

interface AtPosition {
  textDocument: TextDocumentIdentifier;
  position: Position;
}

/** Go to definition and declaration (the same place in APL), references, highlights and rename. */
export function registerNavigation(connection: Connection, request: SessionRequest): void {
  const definition = ({ language, store }: Session, { textDocument, position }: AtPosition): Location | null => {
    const view = store.analyzed(textDocument.uri);
    const range = view && language.getDefinition(view.analyzed, view.toAnalyzed(position));
    if (!range) return null;
    const inDocument = view.fromAnalyzed(range);
    return inDocument ? { uri: textDocument.uri, range: inDocument } : (store.locateInCellAbove(textDocument.uri, range) ?? null);
  };
  connection.onDefinition(request('definition', null, definition));
  connection.onDeclaration(request('declaration', null, definition));

  connection.onReferences(
    request('references', [], (session, { textDocument, position, context }) =>
      findReferences(session, textDocument.uri, position, context.includeDeclaration),
    ),
  );

  connection.onDocumentHighlight(
    request('document highlight', [], ({ language, store }, { textDocument, position }: AtPosition) => {
      const view = store.analyzed(textDocument.uri);
      return view ? view.listFromAnalyzed(language.getDocumentHighlights(view.analyzed, view.toAnalyzed(position))).map(toLspDocumentHighlight) : [];
    }),
  );

  // A refusal is an error the editor shows as it is ("… cannot rename …"), not an empty answer.
  connection.onPrepareRename(
    request('prepare rename', null, ({ language, store }, { textDocument, position }: AtPosition) => {
      const view = store.analyzed(textDocument.uri);
      if (!view) return null;
      const at = view.toAnalyzed(position);
      const prepared = language.prepareRename(view.analyzed, at);
      if ('error' in prepared) return refusal(prepared.error);
      const definition = language.getDefinition(view.analyzed, at);
      const lost = definition !== undefined && !view.fromAnalyzed(definition) && !store.locateInCellAbove(textDocument.uri, definition);
      return lost ? refusal(notFoundAbove) : (view.fromAnalyzed(prepared) ?? null);
    }),
  );

  connection.onRenameRequest(
    request('rename', null, (session, { textDocument, position, newName }): WorkspaceEdit | ResponseError | null => {
      const renamed = renameSymbol(session, textDocument.uri, position, newName);
      if (!renamed) return null;
      return 'error' in renamed ? refusal(renamed.error) : { changes: renamed.changes };
    }),
  );
}

function refusal(message: string): ResponseError {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}
