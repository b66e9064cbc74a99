import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 level AA and everything below it, as axe tags them. */
export const WCAG_22_AA = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
];

/**
 * Runs axe over the page as it is now and fails, naming each rule and the elements it
 * caught, unless there is no violation of WCAG 2.2 AA. `name` says which page and state.
 */
export async function expectNoAxeViolations(
  page: Page,
  name: string,
): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
        )
        .join('\n'),
  );
  expect(found, `axe on ${name}`).toEqual([]);
}
