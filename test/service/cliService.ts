/**
 * The built `apl serve` in a process of its own, for the tests that need the CLI as users start
 * it: its stdout lines, its address, stopping it with a signal, and counting stored events in its
 * data directory afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import assert from 'node:assert/strict';
import { Database } from '../../service/store/database.ts';
import { eventTable } from '../../service/store/eventStore.ts';
import { builtBundle } from '../support/build.ts';

export const cli = builtBundle('cli.js');

export interface CliService {
  child: ChildProcess;
  url: string;
  /** Every stdout line so far, the start-up lines included. */
  lines: string[];
  /** Resolves with the first stdout line matching `pattern`. */
  line(pattern: RegExp): Promise<string>;
}

/** Starts `apl serve --port 0 …args` and resolves once it says where it listens. */
export async function startCliService(args: string[], env: NodeJS.ProcessEnv): Promise<CliService> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`apl serve exited with ${code}: ${stderr}`))),
  );
  exit.catch(() => undefined);
  createInterface({ input: child.stdout! }).on('line', (text) => {
    lines.push(text);
    for (const waiter of waiting.splice(0)) {
      if (waiter.pattern.test(text)) waiter.resolve(text);
      else waiting.push(waiter);
    }
  });
  const line = (pattern: RegExp) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const seen = lines.find((text) => pattern.test(text));
        if (seen !== undefined) resolve(seen);
        else waiting.push({ pattern, resolve });
      }),
      exit,
    ]);
  const listening = await line(/^listening on /);
  const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(listening);
  assert.ok(match, `start-up line "${listening}" names the address`);
  assert.notEqual(Number(match[2]), 0);
  return { child, url: match[1]!, lines, line };
}

/** Sends `signal` and resolves with the exit code once the process has ended. */
export function stopCliService(served: CliService, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (served.child.exitCode !== null || served.child.signalCode !== null) return resolve(served.child.exitCode);
    served.child.once('exit', (code) => resolve(code));
    served.child.kill(signal);
  });
}

/** The events stored for `dataset` in a (stopped) service's data directory. */
export async function countEvents(dataDir: string, dataset: string): Promise<number> {
  const database = await Database.open(dataDir);
  try {
    const row = await database.one<{ n: bigint }>(`SELECT count(*) AS n FROM ${eventTable(dataset)}`);
    return Number(row!.n);
  } finally {
    await database.close();
  }
}
