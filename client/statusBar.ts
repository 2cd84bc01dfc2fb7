/** Two status bar items: the connection (click: refresh schema / set token) and the time range (click: pick). */
import * as vscode from 'vscode';
import { describeTimeRange, type TimeRange } from './timeRange.ts';

export type ConnectionState =
  | { kind: 'unknown' }
  | { kind: 'signedOut' }
  | { kind: 'connecting'; url: string }
  | { kind: 'connected'; url: string; datasets: number }
  | { kind: 'failed'; url: string; message: string };

export class StatusBar implements vscode.Disposable {
  private readonly connection = vscode.window.createStatusBarItem('apl.connection', vscode.StatusBarAlignment.Left, 10);
  private readonly timeRange = vscode.window.createStatusBarItem('apl.timeRange', vscode.StatusBarAlignment.Left, 9);

  constructor() {
    this.connection.name = 'APL Connection';
    this.timeRange.name = 'APL Time Range';
    this.timeRange.command = 'apl.selectTimeRange';
    this.setConnection({ kind: 'unknown' });
  }

  setConnection(state: ConnectionState): void {
    const item = this.connection;
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'unknown':
        item.text = '$(database) APL';
        item.tooltip = 'APL: not connected yet';
        item.command = 'apl.refreshSchema';
        break;
      case 'signedOut':
        item.text = '$(key) APL: set token';
        item.tooltip = 'No token for the APL service: click to set one';
        item.command = 'apl.setToken';
        break;
      case 'connecting':
        item.text = '$(sync~spin) APL';
        item.tooltip = `Connecting to ${state.url}`;
        item.command = undefined;
        break;
      case 'connected':
        item.text = `$(database) APL: ${state.datasets} dataset${state.datasets === 1 ? '' : 's'}`;
        item.tooltip = `Connected to ${state.url}; click to refresh the schema`;
        item.command = 'apl.refreshSchema';
        break;
      case 'failed':
        item.text = '$(warning) APL: offline';
        item.tooltip = `${state.url}: ${state.message}\nClick to retry`;
        item.command = 'apl.refreshSchema';
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        break;
    }
  }

  setTimeRange(range: TimeRange): void {
    this.timeRange.text = `$(clock) ${describeTimeRange(range)}`;
    this.timeRange.tooltip = 'Time range of APL queries: click to change';
  }

  show(): void {
    this.connection.show();
    this.timeRange.show();
  }

  dispose(): void {
    this.connection.dispose();
    this.timeRange.dispose();
  }
}
