import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SourceMap } from 'node:module';
import { relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, in the code V8 ran (the bundle). */
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotFunction {
  name: string;
  location: string;
  selfMillis: number;
  totalMillis: number;
  selfShare: number;
  totalShare: number;
}

/** Samples the CPU in this process while `work` runs (V8's profiler through the inspector). */
export async function profile(work: () => void, samplingIntervalMicros = 100): Promise<CpuProfile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: samplingIntervalMicros });
    await session.post('Profiler.start');
    work();
    const { profile } = await session.post('Profiler.stop');
    return profile as CpuProfile;
  } finally {
    session.disconnect();
  }
}

/** Names a call frame `source.ts:line`, through the bundle's source map when the frame is in it. */
export function sourceLocator(bundlePath: string, root: string): (frame: CallFrame) => string {
  const map = new SourceMap(JSON.parse(readFileSync(`${bundlePath}.map`, 'utf8')));
  const display = (path: string) => (path.startsWith(root) ? relative(root, path) : path);
  return (frame) => {
    if (!frame.url) return '(native)';
    const path = frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url;
    if (path !== bundlePath) return `${display(path)}:${frame.lineNumber + 1}`;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
    if (!entry.originalSource) return `${display(path)}:${frame.lineNumber + 1}`;
    const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : resolve(dirname(bundlePath), entry.originalSource);
    return `${display(source)}:${(entry.originalLine ?? 0) + 1}`;
  };
}

/**
 * Time per function: self (in its own code) and total (while it was anywhere on the stack,
 * counted once per sample even when it recurses). Shares are of all sampled time.
 */
export function functionTimes(profile: CpuProfile, locate: (frame: CallFrame) => string): HotFunction[] {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const functions = new Map<string, HotFunction>();
  const keyOfNode = new Map<number, string>();
  const keyOf = (id: number): string => {
    let key = keyOfNode.get(id);
    if (key === undefined) {
      const frame = nodesById.get(id)!.callFrame;
      const name = frame.functionName || '(anonymous)';
      const location = locate(frame);
      key = `${name} ${location}`;
      if (!functions.has(key)) functions.set(key, { name, location, selfMillis: 0, totalMillis: 0, selfShare: 0, totalShare: 0 });
      keyOfNode.set(id, key);
    }
    return key;
  };
  // The distinct functions on each node's stack, shared with its parent's list where possible.
  const stackKeys = new Map<number, Set<string>>();
  const stackOf = (id: number): Set<string> => {
    let keys = stackKeys.get(id);
    if (!keys) {
      const parent = parentOf.get(id);
      const key = keyOf(id);
      const parentKeys = parent === undefined ? new Set<string>() : stackOf(parent);
      keys = parentKeys.has(key) ? parentKeys : new Set([...parentKeys, key]);
      stackKeys.set(id, keys);
    }
    return keys;
  };

  let totalMicros = 0;
  samples.forEach((id, index) => {
    const micros = deltas[index] ?? 0;
    totalMicros += micros;
    functions.get(keyOf(id))!.selfMillis += micros / 1e3;
    for (const key of stackOf(id)) functions.get(key)!.totalMillis += micros / 1e3;
  });
  const result = [...functions.values()];
  for (const entry of result) {
    entry.selfShare = totalMicros === 0 ? 0 : (entry.selfMillis * 1e3) / totalMicros;
    entry.totalShare = totalMicros === 0 ? 0 : (entry.totalMillis * 1e3) / totalMicros;
  }
  return result;
}
