import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import type { Location, Position, TextDocumentIdentifier, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { AnalysisView } from './analysisView.ts';
import { toLspDocumentHighlight } from './convert.ts';
import type { LanguageCore } from './languageCore.ts';
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
    request('references', [], ({ language, store }, { textDocument, position, context }) => {
      const view = store.analyzed(textDocument.uri);
      if (!view) return [];
      const ranges = language.getReferences(view.analyzed, view.toAnalyzed(position), context.includeDeclaration);
      return view.listFromAnalyzed(ranges).map((range) => ({ uri: textDocument.uri, range }));
    }),
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
      if (definedAbove(language, view, at)) return refusal(renameInCellAbove);
      return view.fromAnalyzed(prepared) ?? null;
    }),
  );

  connection.onRenameRequest(
    request('rename', null, ({ language, store }, { textDocument, position, newName }): WorkspaceEdit | ResponseError | null => {
      const view = store.analyzed(textDocument.uri);
      if (!view) return null;
      const renamed = language.renameSymbol(view.analyzed, view.toAnalyzed(position), newName);
      if ('error' in renamed) return refusal(renamed.error);
      const edits = view.fromAnalyzed(renamed.edits);
      return edits ? { changes: { [textDocument.uri]: edits } } : refusal(renameInCellAbove);
    }),
  );
}

const renameInCellAbove = 'This name is defined in a notebook cell above: rename it there.';

/** Whether the symbol at `position` (analysed coordinates) is defined in a notebook cell's prelude. */
function definedAbove(language: LanguageCore, view: AnalysisView, position: Position): boolean {
  const definition = language.getDefinition(view.analyzed, position);
  return definition !== undefined && view.fromAnalyzed(definition) === undefined;
}

function refusal(message: string): ResponseError {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}
