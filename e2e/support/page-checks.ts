import { AxeBuilder } from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { DESKTOP_SKIPS, MOBILE_RUNS } from './tags.ts';

export interface AxeOptions {
  /** Check only inside these elements, e.g. an open dialog (the page behind it is inert). */
  include?: string;
  /** Every axe rule, not only WCAG 2.1 A/AA and best practice. */
  allRules?: boolean;
}

/** The open dialog or alert dialog. */
export const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * axe-core finds no serious or critical violation on the page as it is now, and the page does
 * not scroll sideways.
 */
export async function expectAccessible(page: Page, label: string, { include, allRules = false }: AxeOptions = {}) {
  await page.waitForLoadState('networkidle');
  // Let entry animations finish: axe measures colours as they are painted. Endless ones (the
  // About gallery's turning circle, spinners, the Live dot) never finish and are left running.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Every node of every violation is still reported; of the rules that pass or do not apply,
  // axe returns one node each instead of every node it looked at (less to serialise and send
  // across: 225 CPU-s against 241 for profile and a11y specs).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (!allRules) builder = builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(bad, `${label}: serious or critical axe violations`).toEqual([]);
  await expectNoHorizontalScroll(page, label);
}

/**
 * Whether the running test runs in both projects, at 1280 px and at 390 px (by the projects' own
 * tag rules, ./tags.ts).
 */
function runsAtBothWidths(): boolean {
  const info = test.info();
  const words = [...info.titlePath, ...info.tags].join(' ');
  return MOBILE_RUNS.test(words) && !DESKTOP_SKIPS.test(words);
}

/**
 * expectAccessible at 1280 px and at 390 px (or, with axeAt390 false, only the sideways check
 * there), then back to the window size the test had. A test that runs in both projects checks
 * only its own project's width: the other run of the same steps checks the other one.
 */
export async function expectAccessibleAtBothWidths(page: Page, label: string, { axeAt390 = true, ...options }: AxeOptions & { axeAt390?: boolean } = {}) {
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  const at390 = async () => {
    if (axeAt390) await expectAccessible(page, `${label} (390 px)`, options);
    else await expectNoHorizontalScroll(page, `${label} (390 px)`);
  };
  if (runsAtBothWidths()) {
    if (isMobile(page)) await at390();
    else await expectAccessible(page, `${label} (1280 px)`, options);
    return;
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, `${label} (1280 px)`, options);
  await page.setViewportSize({ width: 390, height: 844 });
  await at390();
  await page.setViewportSize(before);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
export async function expectNoHorizontalScroll(page: Page, label = '') {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${label}: no horizontal scrolling`).toBeLessThanOrEqual(innerWidth);
}

/** Whether this test runs in the phone-sized project. */
export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
