import { spawn, type ChildProcess } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const timeoutMs = 5_000;

export type InitializeOutcome =
  | {
      ok: true;
      milliseconds: number;
      /** Spawn → the diagnostics of `options.open`, when asked for. */
      diagnosticsMilliseconds?: number;
    }
  | { ok: false; reason: string };

export interface InitializeOptions {
  /** Variables added to the server's environment; an undefined value removes one. */
  env?: Record<string, string | undefined>;
  /** A document opened once `initialize` is answered; the outcome then also times its first diagnostics. */
  open?: string;
}

function waitForExit(child: ChildProcess, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill();
      resolve();
    }, milliseconds);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Spawns the server, times spawn → `initialize` response, then shuts it down politely. */
export async function timeInitialize(serverPath: string, options: InitializeOptions = {}): Promise<InitializeOutcome> {
  const start = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - start) / 1e6;
  const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Writing to a server that already died raises EPIPE on the pipe; the exit handler reports it.
  child.stdin.on('error', () => undefined);
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onError(() => undefined);
  const diagnosed = new Promise<number>((resolve) => connection.onNotification('textDocument/publishDiagnostics', () => resolve(since())));
  connection.listen();

  const failure = new Promise<InitializeOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, reason: `no initialize response within ${timeoutMs} ms` }), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const detail = stderr.trim().split('\n').slice(-1)[0] ?? '';
      resolve({ ok: false, reason: `server exited (${signal ?? `code ${code}`}) before answering${detail ? `: ${detail}` : ''}` });
    });
  });
  const response = connection
    .sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null })
    .then(async (): Promise<InitializeOutcome> => {
      const milliseconds = since();
      connection.sendNotification('initialized', {}).catch(() => undefined);
      if (options.open === undefined) return { ok: true, milliseconds };
      const textDocument = { uri: 'file:///bench/first.apl', languageId: 'apl', version: 1, text: options.open };
      connection.sendNotification('textDocument/didOpen', { textDocument }).catch(() => undefined);
      return { ok: true, milliseconds, diagnosticsMilliseconds: await diagnosed };
    });

  const outcome = await Promise.race([response.catch((error: Error) => ({ ok: false as const, reason: error.message })), failure]);
  if (outcome.ok) {
    await connection.sendRequest('shutdown').catch(() => undefined);
    connection.sendNotification('exit').catch(() => undefined);
  }
  await waitForExit(child, 2_000);
  connection.dispose();
  return outcome;
}

/** Spawn → exit of a bare `node -e 0`: the floor under any stdio server's start-up, for context. */
export function timeBareNodeStart(env: Record<string, string | undefined> = {}): Promise<number> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore', env: { ...process.env, ...env } });
  return new Promise((resolve) => child.once('exit', () => resolve(Number(process.hrtime.bigint() - start) / 1e6)));
}
