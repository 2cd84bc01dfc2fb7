/** Typed access to the extension's settings (section `apl`). The tokens are not settings. */
import * as vscode from 'vscode';
import { readConnectionList, type NamedConnection } from './connectionList.ts';
import { localOrgId, localServiceUrl } from './localService.ts';

export interface AplConfig {
  /** `apl.service.url`: the URL of the default connection while `apl.connections` is empty. */
  serviceUrl: string;
  orgId: string;
  /** `apl.connections`, read; never empty. */
  connections: NamedConnection[];
  /** `apl.defaultConnection`: the connection a workspace starts on; undefined when empty or not listed. */
  defaultConnection?: string;
  /** Entries of `apl.connections` that were left out, and why. */
  connectionProblems: string[];
  /** The `apl` CLI that Start Local Service runs; empty: look for one. */
  localServiceCliPath: string;
}

export function readConfig(): AplConfig {
  const section = vscode.workspace.getConfiguration('apl');
  const serviceUrl = section.get<string>('service.url')?.trim() || localServiceUrl;
  const orgId = section.get<string>('service.orgId')?.trim() ?? localOrgId;
  const { connections, problems } = readConnectionList(section.get<unknown>('connections'), { url: serviceUrl, orgId });
  const named = section.get<string>('defaultConnection')?.trim() || undefined;
  const known = named !== undefined && connections.some((each) => each.name === named);
  if (named !== undefined && !known) problems.push(`apl.defaultConnection names "${named}", which apl.connections does not list`);
  return {
    serviceUrl,
    orgId,
    connections,
    ...(known ? { defaultConnection: named } : {}),
    connectionProblems: problems,
    localServiceCliPath: section.get<string>('localService.cliPath')?.trim() ?? '',
  };
}

/** Stores the list in the user settings (connections are personal, like the tokens). */
export async function writeConnections(connections: readonly NamedConnection[]): Promise<void> {
  await vscode.workspace.getConfiguration('apl').update('connections', connections, vscode.ConfigurationTarget.Global);
}

/** Whether the columns each operator produces are shown inline (`apl.inlayHints.columns`). */
export function showsColumnHints(): boolean {
  return vscode.workspace.getConfiguration('apl').get<boolean>('inlayHints.columns') ?? true;
}

export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('apl.service') || event.affectsConfiguration('apl.connections') || event.affectsConfiguration('apl.defaultConnection');
}
