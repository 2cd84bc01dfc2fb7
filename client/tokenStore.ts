/** The service token, kept in the editor's SecretStorage only: never in settings, files or logs. */
import type * as vscode from 'vscode';

const key = 'apl.serviceToken';

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(key));
  }

  set(token: string): Promise<void> {
    return Promise.resolve(this.secrets.store(key, token));
  }

  clear(): Promise<void> {
    return Promise.resolve(this.secrets.delete(key));
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key === key) listener();
    });
  }
}
