/** Two status bar items: the active connection (click: switch, refresh, set token) and the time range (click: pick). */
import * as vscode from 'vscode';
import { describeTimeRange, type TimeRange } from './timeRange.ts';

export type ConnectionState =
  | { kind: 'unknown' }
  | { kind: 'signedOut'; name: string }
  | { kind: 'connecting'; name: string; url: string }
  | { kind: 'connected'; name: string; url: string; datasets: number }
  | { kind: 'failed'; name: string; url: string; message: string };

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
        item.text = `$(key) APL: set token · ${state.name}`;
        item.tooltip = `No token for the APL connection "${state.name}": click to set one or switch`;
        item.command = 'apl.switchConnection';
        break;
      case 'connecting':
        item.text = `$(sync~spin) APL · ${state.name}`;
        item.tooltip = `Connecting to ${state.name} (${state.url})`;
        item.command = undefined;
        break;
      case 'connected':
        item.text = `$(database) APL: ${state.datasets} dataset${state.datasets === 1 ? '' : 's'} · ${state.name}`;
        item.tooltip = `Connected to ${state.name} (${state.url}); click to switch connection or refresh`;
        item.command = 'apl.switchConnection';
        break;
      case 'failed':
        item.text = `$(warning) APL: offline · ${state.name}`;
        item.tooltip = `${state.name} (${state.url}): ${state.message}\nClick to retry or switch connection`;
        item.command = 'apl.switchConnection';
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
