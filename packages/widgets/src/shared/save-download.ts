import type { HoursDownload } from '@opportunity-kit/sdk';

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
