import fs from 'node:fs';
import type { Page } from 'playwright-core';

/** One rule the page breaks, with where (CSS selectors of the first few offending elements). */
export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

let axeSource: string | undefined;

/**
 * Runs axe-core (WCAG 2.x A and AA rules) in the page as it is now and answers the serious and critical violations.
 * Minor and moderate findings are left out so that a test fails only on what blocks people using a keyboard or a
 * screen reader, or who cannot read low-contrast text.
 */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: unknown): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
}
