#!/usr/bin/env node
// `npm run soak -- [options]` (see bench/soak/main.ts or --help): bench/run-ts.mjs bundles the
// TypeScript soak and runs it.
import { runTypeScript } from './run-ts.mjs';

await runTypeScript('bench/soak/main.ts', 'soak');
