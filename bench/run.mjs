#!/usr/bin/env node
// `npm run bench -- [options]` (see bench/src/options.ts or --help). The bench is TypeScript:
// bench/run-ts.mjs bundles bench/src/main.ts and runs it.
import { runTypeScript } from './run-ts.mjs';

await runTypeScript('bench/src/main.ts', 'bench');
