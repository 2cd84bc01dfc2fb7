/** When a query an assistant wants to run needs the user's yes first: against any service but a local one. Pure. */
import { isLocalUrl } from '../localService.ts';

export interface RunConfirmation {
  title: string;
  /** Markdown. */
  message: string;
}

/** Undefined for a local service; the query and where it goes otherwise. A URL that does not parse is not local. */
export function runConfirmation(serviceUrl: string, apl: string, range: string): RunConfirmation | undefined {
  let local = false;
  try {
    local = isLocalUrl(new URL(serviceUrl));
  } catch {
    local = false;
  }
  if (local) return undefined;
  const fence = apl.includes('```') ? '~~~~' : '```';
  return {
    title: 'Run an APL query?',
    message: [`The assistant wants to run this query against **${serviceUrl}** (${range}):`, '', `${fence}axiom-apl`, apl, fence].join('\n'),
  };
}
