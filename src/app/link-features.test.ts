import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_LINKS } from './link-features';

const FEATURES = path.resolve(__dirname, '../features');
const LINKS = path.resolve(__dirname, 'links');
const folders = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the composition of the features', () => {
  it('links every feature that has links (a file in links/), once each, with the link that file exports', async () => {
    const withLinks = readdirSync(LINKS)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => name.slice(0, -'.ts'.length));
    expect(withLinks.length).toBeGreaterThan(0);
    expect(withLinks.every((name) => folders.includes(name)), withLinks.join()).toBe(true);
    expect(FEATURE_LINKS.map(([feature]) => feature).sort()).toEqual([...withLinks].sort());
    for (const [feature, link] of FEATURE_LINKS) {
      const module = (await import(`./links/${feature}.ts`)) as Record<string, unknown>;
      const exported = `link${feature[0]!.toUpperCase()}${feature.slice(1)}`;
      expect(module[exported], `links/${feature}.ts exports ${exported}`).toBe(link);
    }
  });

  it('wires no feature by importing a module for its side effects', () => {
    for (const name of folders) {
      const index = readFileSync(path.join(FEATURES, name, 'index.ts'), 'utf8');
      expect(index.match(/^import\s+['"][^'"]+['"];?$/m), `${name}/index.ts`).toBeNull();
      expect(existsSync(path.join(FEATURES, name, 'links.ts')), `${name}/links.ts`).toBe(false);
      expect(existsSync(path.join(FEATURES, name, 'connect.ts')), `${name}/connect.ts`).toBe(false);
    }
    const app = readFileSync(path.resolve(__dirname, 'create-player.tsx'), 'utf8');
    expect(app.match(/^import\s+['"]\.\.\/features[^'"]*['"];?$/m)).toBeNull();
  });
});
