import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_CONNECTIONS } from './connect-features';

const FEATURES = path.resolve(__dirname, '../features');
const folders = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the composition of the features', () => {
  it('connects every feature that has links (a connect.ts), once each, with the connect its index exports', async () => {
    const withLinks = folders.filter((name) => existsSync(path.join(FEATURES, name, 'connect.ts')));
    expect(withLinks.length).toBeGreaterThan(0);
    expect(FEATURE_CONNECTIONS.map(([feature]) => feature).sort()).toEqual([...withLinks].sort());
    for (const [feature, connect] of FEATURE_CONNECTIONS) {
      const index = (await import(`../features/${feature}/index.ts`)) as Record<string, unknown>;
      const exported = `connect${feature[0]!.toUpperCase()}${feature.slice(1)}`;
      expect(index[exported], `${feature}/index.ts exports ${exported}`).toBe(connect);
    }
  });

  it('wires no feature by importing a module for its side effects', () => {
    for (const name of folders) {
      const index = readFileSync(path.join(FEATURES, name, 'index.ts'), 'utf8');
      expect(index.match(/^import\s+['"][^'"]+['"];?$/m), `${name}/index.ts`).toBeNull();
      expect(existsSync(path.join(FEATURES, name, 'links.ts')), `${name}/links.ts`).toBe(false);
    }
    const app = readFileSync(path.resolve(__dirname, 'create-player.tsx'), 'utf8');
    expect(app.match(/^import\s+['"]\.\.\/features[^'"]*['"];?$/m)).toBeNull();
  });
});
