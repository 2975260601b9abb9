import { describe, expect, it } from 'vitest';
import { isPageDownloadFailure } from './route-error-page.tsx';

describe('isPageDownloadFailure', () => {
  it("recognises each browser's failed dynamic import, and nothing else", () => {
    expect(isPageDownloadFailure(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/blog-page.js'))).toBe(true);
    expect(isPageDownloadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isPageDownloadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isPageDownloadFailure(new TypeError("Cannot read properties of undefined (reading 'value')"))).toBe(false);
    expect(isPageDownloadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});
