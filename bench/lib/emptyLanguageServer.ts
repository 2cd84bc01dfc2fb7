/**
 * The least a vscode-languageserver server can be: it answers `initialize` with no capabilities.
 * The language benchmark times its start-up beside ours, as the floor for this library here.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: {} }));
connection.listen();
