/**
 * The assistant tools as one module: the extension loads it (and the language core it needs) on
 * the first tool call, from a bundle of its own, so activation does not pay for it.
 */
export { checkTool } from './checkTool.ts';
export { datasetSchema } from './datasetSchema.ts';
export { defaultToolLimits } from './limits.ts';
export { listDatasets } from './listDatasets.ts';
export { runTool, type RunInput } from './runTool.ts';
export type { ToolContext } from './toolContext.ts';
export type { ToolOutput } from './toolOutput.ts';
