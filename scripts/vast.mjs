#!/usr/bin/env node
// VAST inspector: `npm run vast -- <file-or-url> [--creative-id X]`.
// Prints one JSON object: what the player reads from the tag (wrappers followed), or
// {"ok":false,"code":N,"message":"..."}. Exits 0 either way; 2 only for a usage error.
// It runs the player's own src/vast code, bundled on the fly with esbuild (no build step).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run vast -- <file-or-url> [--creative-id X]';

function usageError(message) {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  let target = null;
  let creativeId = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg === '--creative-id') {
      creativeId = argv[++i] ?? usageError('--creative-id needs a value');
    } else if (arg.startsWith('--creative-id=')) {
      creativeId = arg.slice('--creative-id='.length);
    } else if (arg.startsWith('-') && arg !== '-') {
      usageError(`unknown option ${arg}`);
    } else if (target === null) {
      target = arg;
    } else {
      usageError(`unexpected argument ${arg}`);
    }
  }
  if (target === null) usageError('a VAST file or URL is required');
  return { target, creativeId };
}

/** The player's VAST module and the Node XML parser, bundled into one ES module in memory. */
async function loadVastModule() {
  const result = await build({
    stdin: {
      contents: [
        "export * from './src/vast/index.ts';",
        "export { nodeXmlParser } from './src/vast/node-xml.ts';",
        "export { VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from './src/lib/constants.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** GETs http(s) links with fetch and file: links from disk (relative wrappers in local files). */
async function fetchText(url, signal) {
  if (url.startsWith('file:')) return readFile(fileURLToPath(url), 'utf8');
  const response = await fetch(url, { signal, headers: { Accept: 'application/xml, text/xml, */*' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

const { target, creativeId } = parseArgs(process.argv.slice(2));
const isUrl = /^https?:\/\//i.test(target);
let source;
if (isUrl) {
  source = { url: target };
} else {
  const file = path.resolve(process.cwd(), target);
  if (!existsSync(file)) usageError(`no such file: ${target}`);
  source = { xml: await readFile(file, 'utf8'), baseUrl: pathToFileURL(file).href };
}

const vast = await loadVastModule();
let report;
try {
  const ad = await vast.resolveVast(source, {
    parseXml: vast.nodeXmlParser(),
    canPlayType: vast.commonCanPlayType,
    fetchText,
    timeoutMs: vast.VAST_LOAD_TIMEOUT_MS,
    wrapperLimit: vast.VAST_WRAPPER_LIMIT,
    creativeId,
  });
  report = vast.inspectionOf(creativeId === null ? ad : { ...ad, id: creativeId });
} catch (error) {
  report = vast.failedInspection(error);
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
