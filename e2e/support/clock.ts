import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Waits until `locator` shows while moving the page's clock on a second at a time, so that the
 * app's waits between attempts (the API client's retries, the query cache's backoff) take no
 * real time. What the page shows in the end is the same as after waiting them out. The page's
 * clock must have been installed (`page.clock.install()`) before the page loaded.
 */
export async function waitThroughRetries(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        if (await locator.isVisible()) return true;
        await page.clock.runFor(1000);
        return false;
      },
      { intervals: [100], message: `${locator} after the page's retries` },
    )
    .toBe(true);
}
