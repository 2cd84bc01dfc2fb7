import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import type { Location, Position, TextDocumentIdentifier, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { toLspDocumentHighlight } from './convert.ts';
import type { Session, SessionRequest } from './server.ts';

interface AtPosition {
  textDocument: TextDocumentIdentifier;
  position: Position;
}

/** Go to definition and declaration (the same place in APL), references, highlights and rename. */
export function registerNavigation(connection: Connection, request: SessionRequest): void {
  const definition = ({ language, store }: Session, { textDocument, position }: AtPosition): Location | null => {
    const analyzed = store.analyzed(textDocument.uri);
    const range = analyzed && language.getDefinition(analyzed, position);
    return range ? { uri: textDocument.uri, range } : null;
  };
  connection.onDefinition(request('definition', null, definition));
  connection.onDeclaration(request('declaration', null, definition));

  connection.onReferences(
    request('references', [], ({ language, store }, { textDocument, position, context }) => {
      const analyzed = store.analyzed(textDocument.uri);
      if (!analyzed) return [];
      return language.getReferences(analyzed, position, context.includeDeclaration).map((range) => ({ uri: textDocument.uri, range }));
    }),
  );

  connection.onDocumentHighlight(
    request('document highlight', [], ({ language, store }, { textDocument, position }: AtPosition) => {
      const analyzed = store.analyzed(textDocument.uri);
      return analyzed ? language.getDocumentHighlights(analyzed, position).map(toLspDocumentHighlight) : [];
    }),
  );

  // A refusal is an error the editor shows as it is ("… cannot rename …"), not an empty answer.
  connection.onPrepareRename(
    request('prepare rename', null, ({ language, store }, { textDocument, position }: AtPosition) => {
      const analyzed = store.analyzed(textDocument.uri);
      if (!analyzed) return null;
      const prepared = language.prepareRename(analyzed, position);
      return 'error' in prepared ? refusal(prepared.error) : prepared;
    }),
  );

  connection.onRenameRequest(
    request('rename', null, ({ language, store }, { textDocument, position, newName }): WorkspaceEdit | ResponseError | null => {
      const analyzed = store.analyzed(textDocument.uri);
      if (!analyzed) return null;
      const renamed = language.renameSymbol(analyzed, position, newName);
      return 'error' in renamed ? refusal(renamed.error) : { changes: { [textDocument.uri]: renamed.edits } };
    }),
  );
}

function refusal(message: string): ResponseError {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}
