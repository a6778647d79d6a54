#!/usr/bin/env node
// `npm run ha -- up | status | kill-primary | down`: the failover set-up of decision 0046 on this machine.
import { register } from 'tsx/esm/api';

register();
const { runHa } = await import('../apps/server/src/ha/main.ts');
process.exitCode = await runHa(process.argv.slice(2));
