import { fork, spawn, type ChildProcess } from 'node:child_process';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
  type MessageReader,
  type MessageWriter,
} from 'vscode-jsonrpc/node';
import type { ClientCapabilities, InitializeResult, LogMessageParams, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { serverEnvironment } from '../../server/environment.ts';

const defaultTimeoutMs = 5000;

/**
 * A real LSP client over stdio for end-to-end tests: it spawns the bundled server, records
 * what the server pushes, and lets a test wait for a specific notification instead of sleeping.
 */
export class LspTestClient {
  readonly connection: MessageConnection;
  readonly exited: Promise<number | null>;
  readonly logMessages: LogMessageParams[] = [];
  readonly serverRequests: string[] = [];
  private readonly published: PublishDiagnosticsParams[] = [];
  private readonly waiters = new Set<() => void>();
  private stderr = '';

  private constructor(
    private readonly child: ChildProcess,
    reader: MessageReader,
    writer: MessageWriter,
  ) {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

    this.connection = createMessageConnection(reader, writer);
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      for (const wake of this.waiters) wake();
    });
    this.connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logMessages.push(params);
    });
    this.connection.onRequest('workspace/semanticTokens/refresh', () => {
      this.serverRequests.push('workspace/semanticTokens/refresh');
      for (const wake of this.waiters) wake();
      return null;
    });
    this.connection.listen();
  }

  /** Talks to the server over its stdin/stdout, as most editors do; `env` is added to the server's environment. */
  static overStdio(serverPath: string, env: Record<string, string> = {}): LspTestClient {
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: 'pipe', env: { ...process.env, ...env } });
    return new LspTestClient(child, new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  }

  /** Talks to the server over node's IPC channel, as the VS Code client does. */
  static overNodeIpc(serverPath: string): LspTestClient {
    const child = fork(serverPath, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, ...serverEnvironment } });
    return new LspTestClient(child, new IPCMessageReader(child), new IPCMessageWriter(child));
  }

  /** The LSP handshake: `initialize` with these client capabilities and options, then `initialized`. */
  async initialize(capabilities: ClientCapabilities, initializationOptions?: unknown): Promise<InitializeResult> {
    const result = await this.request<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions });
    this.notify('initialized', {});
    return result;
  }

  async request<R>(method: string, params: unknown, timeoutMs = defaultTimeoutMs): Promise<R> {
    return this.withTimeout(this.connection.sendRequest<R>(method, params), timeoutMs, `response to ${method}`);
  }

  notify(method: string, params: unknown): void {
    void this.connection.sendNotification(method, params);
  }

  /** A bookmark in the stream of published diagnostics; pass it to `diagnosticsAfter`. */
  mark(): number {
    return this.published.length;
  }

  /** The first publication for `uri` after `mark` that satisfies `accept`. */
  diagnosticsAfter(
    mark: number,
    uri: string,
    accept: (params: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = defaultTimeoutMs,
  ): Promise<PublishDiagnosticsParams> {
    const find = () => this.published.slice(mark).find((params) => params.uri === uri && accept(params));
    return this.waitFor(find, timeoutMs, `diagnostics for ${uri}`);
  }

  /** Every publication for `uri` after `mark`, in order. */
  publicationsAfter(mark: number, uri: string): PublishDiagnosticsParams[] {
    return this.published.slice(mark).filter((params) => params.uri === uri);
  }

  /** Resolves once the server has sent a `method` request beyond the first `seen` ones recorded. */
  serverRequestAfter(seen: number, method: string, timeoutMs = defaultTimeoutMs): Promise<string> {
    const find = () => this.serverRequests.slice(seen).find((name) => name === method);
    return this.waitFor(find, timeoutMs, `server request ${method}`);
  }

  open(uri: string, text: string, version = 1): void {
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'axiom-apl', version, text } });
  }

  /** What the server wrote to stderr, for failure messages. */
  get serverOutput(): string {
    return this.stderr;
  }

  dispose(): void {
    this.connection.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }

  private waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const wake = () => {
        const value = find();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.${this.describeState()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      this.waiters.add(wake);
    });
  }

  private withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.${this.describeState()}`)), timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  private describeState(): string {
    const logs = this.logMessages.map((log) => log.message).join('\n');
    return `\nServer log:\n${logs || '(none)'}\nServer stderr:\n${this.stderr || '(none)'}`;
  }
}
