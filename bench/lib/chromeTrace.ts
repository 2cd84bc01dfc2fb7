/**
 * A chromium trace of a stretch of a page's life (CDP `Tracing`), summed by phase: where the
 * renderer's main thread and its compositor and raster threads spend their time (script, style,
 * layout, paint, raster...), in thread (CPU) time, which a busy machine does not stretch. Used by
 * bench/webview.bench.ts --trace.
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** Thread (CPU) time: unlike `dur`, not stretched when a busy machine takes the core away. */
  tdur?: number;
  args?: { name?: string };
}

/** Main-thread trace events by phase; the names are chromium's (devtools' Performance panel groups them so). */
const phases: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  FireAnimationFrame: 'script (rAF callbacks)',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint (record)',
  Layerize: 'layerize',
  'LocalFrameView::RunPaintLifecyclePhase': 'paint lifecycle (all)',
  Commit: 'commit',
  HitTest: 'hit test',
};

export interface TraceSummary {
  /** Per phase, ms per step on the renderer's main thread. */
  main: Record<string, number>;
  /** Per thread of the renderer other than the main one, ms of top-level work per step. */
  threads: Record<string, number>;
}

/** Starts a trace on `cdp`; the returned function ends it and gives the events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] },
  });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

/** Sums complete events ('X') by phase on the renderer main thread and by thread elsewhere in the renderer, per step. */
export function summarizeTrace(events: readonly TraceEvent[], steps: number): TraceSummary {
  const threadNames = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name) threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
  const mainThread = [...threadNames].find(([, name]) => name === 'CrRendererMain')?.[0];
  const rendererPid = mainThread?.split(':')[0];
  const main: Record<string, number> = {};
  const threads: Record<string, number> = {};
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const thread = `${event.pid}:${event.tid}`;
    if (thread === mainThread) {
      const phase = phases[event.name];
      const ms = (event.tdur ?? event.dur) / 1000 / steps;
      if (phase) main[phase] = (main[phase] ?? 0) + ms;
      if (event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask') main['all tasks'] = (main['all tasks'] ?? 0) + ms;
    } else if (String(event.pid) === rendererPid && (event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask' || event.name === 'TaskGraphRunner::RunTask')) {
      const name = threadNames.get(thread) ?? thread;
      threads[name] = (threads[name] ?? 0) + (event.tdur ?? event.dur) / 1000 / steps;
    }
  }
  return { main, threads };
}

export function printTrace(label: string, summary: TraceSummary): void {
  const line = (record: Record<string, number>) => Object.entries(record).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ');
  console.log(`trace, ${label} (ms per scroll step):\n  main thread: ${line(summary.main)}\n  other renderer threads: ${line(summary.threads)}`);
}
