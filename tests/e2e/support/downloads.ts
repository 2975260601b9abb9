import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** Clicks `trigger` and answers the file the browser downloaded: its suggested name and its bytes. */
export async function download(page: Page, trigger: Locator): Promise<{ fileName: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await file.path();
  return { fileName: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}
