/** Locates the repository root from this module, both bundled (dist/server) and as source (harness/server). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from `startDir` to the first folder containing package.json. */
export function findRepoRoot(startDir: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = startDir;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${startDir}`);
    dir = parent;
  }
}
