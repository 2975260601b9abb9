import { describe, expect, it } from 'vitest';
import { webSitesNotice } from '../../scripts/demo/local-run.ts';

describe('what `pnpm start` says about the sites that may call its API', () => {
  it('names every registered web origin from WEB_ORIGINS', () => {
    const notice = webSitesNotice('http://127.0.0.1:4000', ['https://www.school.example', 'jobs.school.example']);
    expect(notice).toContain('http://127.0.0.1:4000');
    expect(notice).toContain('https://www.school.example, jobs.school.example');
  });

  it('says how to register one when there is none', () => {
    expect(webSitesNotice('http://127.0.0.1:4000', [])).toMatch(/only the portal's own pages .* WEB_ORIGINS/);
  });
});
