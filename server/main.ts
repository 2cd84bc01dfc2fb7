// The APL language server. `createConnection` picks the transport from argv (--stdio, --node-ipc, ...).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server.ts';

const connection = createConnection(ProposedFeatures.all);
startServer(connection);
connection.listen();
