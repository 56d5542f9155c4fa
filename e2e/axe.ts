/** axe-core audits of the player page, shared by the accessibility spec and the specs of features it checks. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './support';

export interface Finding {
  state: string;
  id: string;
  impact: string;
  targets: string[];
}

/** axe-core's own build, injected once per document (AxeBuilder injects it again on every audit). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Audits the player page and returns what it found, by state. */
export async function audit(page: Page, state: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    TAGS,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({ state, id: violation.id, impact: violation.impact ?? 'unknown', targets: node.target.map(String) })),
  );
}

/** Fails on critical and serious findings; prints the others for docs/player.md (Accessibility). */
export function expectNoBlockers(findings: Finding[]) {
  const others = findings.filter((finding) => finding.impact !== 'critical' && finding.impact !== 'serious');
  if (others.length > 0) console.log(`axe (moderate/minor):\n${others.map((f) => `  ${f.state}: ${f.id} (${f.impact}) ${f.targets.join(' ')}`).join('\n')}`);
  expect(findings.filter((finding) => finding.impact === 'critical' || finding.impact === 'serious')).toEqual([]);
}
