/**
 * A notebook's own time range, kept in its metadata as two bounds the time-range input reads (ISO
 * 8601 or relative to the run: `now-2h`, `now`), so that `now-1h`/`now` still means "the last hour"
 * when the notebook is opened next week. Pure.
 */
import { boundText, parseTimeRangeInput, type TimeRange } from '../timeRange.ts';
import type { NotebookTimeRange } from './format.ts';

/** The range to run the notebook's cells over, or a message saying why its bounds cannot be read. */
export function readNotebookTimeRange(stored: NotebookTimeRange): TimeRange | string {
  const parsed = parseTimeRangeInput(`${stored.start}/${stored.end}`);
  return typeof parsed === 'string' ? `the notebook's time range ${stored.start} → ${stored.end} is not valid: ${parsed}` : parsed;
}

export function notebookTimeRangeOf(range: TimeRange): NotebookTimeRange {
  if (range.kind === 'absolute') return { start: range.start, end: range.end };
  if (range.kind === 'custom') return { start: boundText(range.start), end: boundText(range.end) };
  return { start: `now-${range.preset}`, end: 'now' };
}
