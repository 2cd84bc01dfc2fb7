/** The names package.json contributes under `languageModelTools`; `apl_` keeps them apart from other extensions' tools. */
export const toolNames = {
  listDatasets: 'apl_list_datasets',
  datasetSchema: 'apl_get_dataset_schema',
  check: 'apl_check_apl',
  run: 'apl_run_apl',
} as const;
