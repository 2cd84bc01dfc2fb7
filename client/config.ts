/** Typed access to the extension's settings (section `apl`). The token is not a setting. */
import * as vscode from 'vscode';
import { localOrgId, localServiceUrl } from './localService.ts';

export interface AplConfig {
  serviceUrl: string;
  orgId: string;
  /** The `apl` CLI that Start Local Service runs; empty: look for one. */
  localServiceCliPath: string;
}

export function readConfig(): AplConfig {
  const section = vscode.workspace.getConfiguration('apl');
  return {
    serviceUrl: section.get<string>('service.url')?.trim() || localServiceUrl,
    orgId: section.get<string>('service.orgId')?.trim() ?? localOrgId,
    localServiceCliPath: section.get<string>('localService.cliPath')?.trim() ?? '',
  };
}

/** Whether the columns each operator produces are shown inline (`apl.inlayHints.columns`). */
export function showsColumnHints(): boolean {
  return vscode.workspace.getConfiguration('apl').get<boolean>('inlayHints.columns') ?? true;
}

export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('apl.service');
}
