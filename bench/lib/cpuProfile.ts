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
  selfShare: number;
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

/** Functions by self time (time spent in their own code, not in callees), largest first. */
export function hotFunctions(profile: CpuProfile, locate: (frame: CallFrame) => string, limit: number): HotFunction[] {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfMicrosById = new Map<number, number>();
  samples.forEach((id, index) => selfMicrosById.set(id, (selfMicrosById.get(id) ?? 0) + (deltas[index] ?? 0)));
  const total = [...selfMicrosById.values()].reduce((sum, value) => sum + value, 0);
  const byFunction = new Map<string, HotFunction>();
  for (const node of profile.nodes) {
    const micros = selfMicrosById.get(node.id);
    if (!micros) continue;
    const name = node.callFrame.functionName || '(anonymous)';
    const location = locate(node.callFrame);
    const key = `${name} ${location}`;
    const entry = byFunction.get(key) ?? { name, location, selfMillis: 0, selfShare: 0 };
    entry.selfMillis += micros / 1e3;
    entry.selfShare = total === 0 ? 0 : (entry.selfMillis * 1e3) / total;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()].sort((a, b) => b.selfMillis - a.selfMillis).slice(0, limit);
}
