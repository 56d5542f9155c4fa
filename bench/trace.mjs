#!/usr/bin/env node
// `npm run bench:trace -- [options]`: where the steady section's main-thread time goes, ours beside
// the bare hls.js page, from Chromium traces (bench/src/trace-steady.ts).
import { runTypeScript } from './run-ts.mjs';

await runTypeScript('bench/src/trace-steady.ts', 'trace');
