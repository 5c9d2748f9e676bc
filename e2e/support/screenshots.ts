import path from 'node:path';
import { test, type Page } from '@playwright/test';

/**
 * Saves a full-page PNG of what the user sees into test-results/screenshots/<name>.png for people to
 * look at, and attaches it to the HTML report.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const info = test.info();
  const file = path.join(info.project.outputDir, 'screenshots', `${name}.png`);
  // Finished transitions: a drawer or dialog shows where it settles, not half-way in.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await info.attach(name, { path: file, contentType: 'image/png' });
  return file;
}
