/**
 * The service tokens, one per named connection, kept in the editor's SecretStorage only: never in
 * settings, files or logs.
 */
import type * as vscode from 'vscode';
import { legacyTokenKey, tokenKey } from './connectionList.ts';

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(connection: string): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(tokenKey(connection)));
  }

  set(connection: string, token: string): Promise<void> {
    return Promise.resolve(this.secrets.store(tokenKey(connection), token));
  }

  clear(connection: string): Promise<void> {
    return Promise.resolve(this.secrets.delete(tokenKey(connection)));
  }

  /** Moves the one token of earlier versions to `connection` (the default), unless it has one already. */
  async migrateLegacy(connection: string): Promise<void> {
    const legacy = await this.secrets.get(legacyTokenKey);
    if (legacy === undefined) return;
    if ((await this.get(connection)) === undefined) await this.set(connection, legacy);
    await this.secrets.delete(legacyTokenKey);
  }

  /** Calls `listener` with the connection whose token changed. */
  onDidChange(listener: (connection: string) => void): vscode.Disposable {
    const prefix = tokenKey('');
    return this.secrets.onDidChange((event) => {
      if (event.key.startsWith(prefix)) listener(event.key.slice(prefix.length));
    });
  }
}
