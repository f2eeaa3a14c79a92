import type { Page, TestInfo } from '@playwright/test';

/** Saves what the user sees, per device, for a person to look at (.screenshots/ is git-ignored). */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `.screenshots/e2e/${testInfo.project.name}-${name}.png` });
}
