#!/usr/bin/env node
// The "VS Code executable" given to @vscode/test-electron's runTests({ vscodeExecutablePath }):
// loads tsx so the TypeScript harness can run, then hands VS Code's argv to codeServerAsVscode.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./codeServerAsVscode.ts');
process.exit(await main(process.argv.slice(2)));
