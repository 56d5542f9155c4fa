// The player page in two builds (issue 47): the start as one file, and the rest with code splitting.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bundles the player's entry as one file (the page's start: the start-up calls, the shell, the
 * early media), and the start's lazy modules (the engine, the app, the VAST loader) as a second
 * build with code splitting. One build split the start into an entry of a few hundred bytes and
 * the chunks it shares with the rest, six requests found one round trip after the entry, before
 * the start could ask for the engine; on a phone's link that round trip is half a second.
 *
 * The start's modules exist once: the second build imports each module of the start's graph from
 * the start's file (which exports them under short names), never a copy of its own, so the state
 * they hold (prefetched playlists and VAST, the early ad, the page's cookies) and their classes
 * (`instanceof`) are the same on both sides. The start imports the rest by the addresses the page
 * names (`lazyModules`, src/start/lazy-modules.ts): its file's name does not depend on theirs.
 *
 * `options` are the rest's (the page's plugins: hls.js's); the start gets `startPlugins`.
 * Returns the metafile of both, with the start's lazy modules as `dynamic-import`s of its entry (as
 * one build would list them, for the size report and the bench), and each lazy module's name and
 * output file, for the page's `<meta name="lazy-module-…">` tags.
 */
export async function bundleStartApart({ root, entry, outdir, options, startPlugins = [], lazyModulesFile }) {
  options = { ...options, absWorkingDir: root, plugins: options.plugins ?? [] };
  const lazyFile = path.join(root, lazyModulesFile);
  const lazy = await lazyModules(lazyFile);
  const lazyStub = {
    name: 'lazy-modules',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => (args.path === lazyFile ? { contents: lazyModulesByAddress(lazy), loader: 'js' } : undefined));
    },
  };
  const startOptions = { ...options, splitting: false, entryPoints: { main: path.join(root, entry) }, outdir, plugins: [...startPlugins, lazyStub] };
  const probe = await esbuild.build({ ...startOptions, write: false, sourcemap: false });
  const shared = await exportsOf(root, ownInputs(root, probe.metafile, [path.join(root, entry), lazyFile]));

  const exportAll = {
    name: 'start-exports',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path !== path.join(root, entry)) return undefined;
        const lines = [...shared].map(([file, { names, index }]) => `export { ${names.map((name, j) => `${name} as _${index}_${j}`).join(', ')} } from ${JSON.stringify(file)};`);
        return { contents: `${await readFile(args.path, 'utf8')}\n${lines.join('\n')}\n`, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
  const start = await esbuild.build({ ...startOptions, plugins: [...startOptions.plugins, exportAll] });
  const startJs = Object.keys(start.metafile.outputs).find((file) => start.metafile.outputs[file].entryPoint && file.endsWith('.js'));

  const fromStart = {
    name: 'from-start',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData?.fromStart) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { fromStart: true } });
        return shared.has(resolved.path) ? { path: resolved.path, namespace: 'start' } : undefined;
      });
      build.onResolve({ filter: /^start-file$/ }, () => ({ path: `../${path.basename(startJs)}`, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'start' }, (args) => {
        const { names, index } = shared.get(args.path);
        return { contents: `export { ${names.map((name, j) => `_${index}_${j} as ${name}`).join(', ')} } from 'start-file';`, loader: 'js' };
      });
    },
  };
  // The rest's files all sit one folder below the start's: each imports it as `../<file>`.
  const chunkNames = options.chunkNames ?? 'chunks/[name]-[hash]';
  if (chunkNames.split('/').length !== 2) throw new Error(`start-apart: chunkNames "${chunkNames}" must name one folder; the rest imports the start's file as ../<file>`);
  const rest = await esbuild.build({
    ...options,
    entryPoints: Object.fromEntries(lazy.map(({ file }) => [path.basename(file).replace(/\.tsx?$/, ''), file])),
    entryNames: chunkNames,
    chunkNames,
    outdir,
    plugins: [...options.plugins, fromStart],
  });

  // A start module reached another way (an alias, a package name) would be a second copy, its state apart.
  const copies = Object.keys(rest.metafile.inputs).filter((input) => shared.has(path.resolve(root, input)));
  if (copies.length > 0) throw new Error(`start-apart: the rest holds its own copy of ${copies.join(', ')}; import the start's modules by a relative path`);
  const restEntry = (source) => Object.keys(rest.metafile.outputs).find((file) => file.endsWith('.js') && path.resolve(root, rest.metafile.outputs[file].entryPoint ?? '') === source);
  const addresses = lazy.map(({ name, file }) => ({ name, file: restEntry(file) }));
  const outputs = { ...start.metafile.outputs, ...rest.metafile.outputs };
  outputs[startJs] = { ...outputs[startJs], imports: [...outputs[startJs].imports, ...addresses.map(({ file }) => ({ path: file, kind: 'dynamic-import' }))] };
  return { metafile: { inputs: { ...start.metafile.inputs, ...rest.metafile.inputs }, outputs }, lazy: addresses };
}

/** `export const importX = () => import('…');` lines of src/start/lazy-modules.ts. */
async function lazyModules(file) {
  const text = await readFile(file, 'utf8');
  const found = [...text.matchAll(/export const (\w+) = \(\) => import\('([^']+)'\);/g)].map(([, name, source]) => {
    const base = path.resolve(path.dirname(file), source);
    const module = ['.ts', '.tsx'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    if (!module) throw new Error(`${file}: ${name} imports ${source}, which is no .ts or .tsx file`);
    return { name, file: module };
  });
  if (found.length === 0) throw new Error(`${file}: no "export const importX = () => import('…');" line`);
  return found;
}

/** lazy-modules.ts as the start's file runs it: each module from the address in the page's `<meta name="lazy-module-…">`. */
function lazyModulesByAddress(lazy) {
  const at = `(name) => new URL(document.querySelector('meta[name="lazy-module-' + name + '"]').content, document.baseURI).href`;
  return [`const at = ${at};`, ...lazy.map(({ name }) => `export const ${name} = async () => import(at(${JSON.stringify(name)}));`)].join('\n');
}

/** The project's own modules in a build's graph (absolute paths), but for `except`. */
function ownInputs(root, metafile, except) {
  return Object.keys(metafile.inputs)
    .map((input) => path.resolve(root, input))
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`) && !except.includes(file));
}

/** Each module's runtime exports (types are gone) and its index (its exports' short names), by absolute path. */
async function exportsOf(root, files) {
  const result = await esbuild.build({ entryPoints: files, absWorkingDir: root, bundle: false, format: 'esm', write: false, metafile: true, outdir: path.join(root, '.exports'), logLevel: 'silent' });
  const shared = new Map();
  for (const output of Object.values(result.metafile.outputs)) {
    // A module without exports is shared too: imported for its effects, it must run once.
    if (!output.entryPoint) continue;
    shared.set(path.resolve(root, output.entryPoint), { names: output.exports, index: shared.size });
  }
  return shared;
}
