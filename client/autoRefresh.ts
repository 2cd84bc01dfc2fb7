/** The auto-refresh intervals of the results panel (setting `apl.results.autoRefresh`). Pure. */

export const autoRefreshChoices = [
  { id: 'off', label: 'Off', ms: 0 },
  { id: '10s', label: 'Every 10 seconds', ms: 10_000 },
  { id: '30s', label: 'Every 30 seconds', ms: 30_000 },
  { id: '1m', label: 'Every minute', ms: 60_000 },
  { id: '5m', label: 'Every 5 minutes', ms: 300_000 },
  { id: '15m', label: 'Every 15 minutes', ms: 900_000 },
] as const;

export type AutoRefreshId = (typeof autoRefreshChoices)[number]['id'];

/** The interval a setting value names; 0 (off) for anything else. */
export function readAutoRefreshMs(value: unknown): number {
  return autoRefreshChoices.find((choice) => choice.id === value)?.ms ?? 0;
}
