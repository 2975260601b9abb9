import type { Signal } from '@preact/signals-react';
import type { HoursDownload } from '@opportunity-kit/sdk';
import type { RequestToken } from './latest-request.ts';
import { portalErrorMessage } from './portal-error-message.ts';

/** Hands a generated file to the browser as a download under its own name. */
export function saveInBrowser(file: HoursDownload): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; a later revoke keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Where a file the widget asked the server for stands: none asked, on its way, or refused with why. @public */
export type DownloadProgress = { readonly state: 'idle' } | { readonly state: 'working' } | { readonly state: 'failed'; readonly message: string };

/**
 * Asks the server for a file and hands it to `save`, showing the way there in `progress`; a second
 * press while one is on its way does nothing, and an answer after `token` lost its turn is dropped.
 */
export async function runDownload(
  progress: Signal<DownloadProgress>,
  token: RequestToken,
  fetchFile: () => Promise<HoursDownload>,
  save: (file: HoursDownload) => void,
): Promise<void> {
  if (progress.value.state === 'working') return;
  progress.value = { state: 'working' };
  try {
    const file = await fetchFile();
    if (!token.isCurrent()) return;
    save(file);
    progress.value = { state: 'idle' };
  } catch (thrown) {
    if (token.isCurrent()) progress.value = { state: 'failed', message: portalErrorMessage(thrown) };
  }
}
