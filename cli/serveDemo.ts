/** `apl serve --demo`: the demo datasets, once the demo loader (service/demo/) exists. */
import type { Services } from '../service/services.ts';
import type { CliContext } from './command.ts';

export async function loadDemoDatasets(_services: Services, context: CliContext): Promise<void> {
  context.stderr('apl serve: demo data is not available yet in this build');
}
