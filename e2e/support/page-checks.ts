import { AxeBuilder } from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/** axe-core finds no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, context = '') {
  // Let entry animations finish (axe measures colours as painted); endless ones never do.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `axe violations ${context}`,
  ).toEqual([]);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'document scroll width').toBeLessThanOrEqual(innerWidth);
}

/** Whether this test runs in the phone-sized project. */
export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
