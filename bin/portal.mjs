#!/usr/bin/env node
// The operator command line (docs/contracts.md). The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { restrictNewFiles } = await import('../apps/server/src/lib/private-files.ts');
restrictNewFiles();
const { runCli } = await import('../apps/server/src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
