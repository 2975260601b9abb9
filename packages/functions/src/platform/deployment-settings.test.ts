import { describe, expect, it } from 'vitest';
import { deploymentSettings, MissingSetting } from './deployment-settings.ts';

describe('deploymentSettings', () => {
  it('reads the school domain and the lists of invited staff and board administrators', () => {
    expect(
      deploymentSettings({
        SCHOOL_DOMAIN: ' board.example ',
        TEACHER_EMAILS: 'a@x.example, b@y.example;c@z.example',
        BOARD_ADMIN_EMAILS: 'director@board.example',
      }),
    ).toEqual({
      schoolDomain: 'board.example',
      teacherEmails: ['a@x.example', 'b@y.example', 'c@z.example'],
      boardAdminEmails: ['director@board.example'],
    });
    // A deployment names its board administrators; with none, nobody creates schools.
    expect(deploymentSettings({ SCHOOL_DOMAIN: 'board.example' }).boardAdminEmails).toEqual([]);
  });

  it('falls back to the documented defaults in local development (an API on this machine)', () => {
    expect(deploymentSettings({ APPWRITE_FUNCTION_API_ENDPOINT: 'http://127.0.0.1:4000/v1' })).toEqual({
      schoolDomain: 'school.example',
      teacherEmails: [],
      // The demo's board administrator, whose login `pnpm start` prints; an empty list stays empty.
      boardAdminEmails: ['director@school.example'],
    });
    expect(deploymentSettings({ APPWRITE_FUNCTION_API_ENDPOINT: 'http://127.0.0.1:4000/v1', BOARD_ADMIN_EMAILS: '' }).boardAdminEmails).toEqual([]);
    expect(deploymentSettings({ APPWRITE_FUNCTION_API_ENDPOINT: 'http://localhost/v1' }).schoolDomain).toBe('school.example');
  });

  it('fails closed on a real deployment without SCHOOL_DOMAIN, naming the variable to set', () => {
    for (const endpoint of ['https://fra.cloud.appwrite.io/v1', 'http://appwrite/v1', undefined]) {
      const env = endpoint ? { APPWRITE_FUNCTION_API_ENDPOINT: endpoint } : {};
      expect(() => deploymentSettings(env)).toThrow(MissingSetting);
      expect(() => deploymentSettings({ ...env, SCHOOL_DOMAIN: '   ' })).toThrow(/SCHOOL_DOMAIN is not set/);
    }
    expect(deploymentSettings({ APPWRITE_FUNCTION_API_ENDPOINT: 'https://fra.cloud.appwrite.io/v1', SCHOOL_DOMAIN: 'board.example' }).schoolDomain).toBe(
      'board.example',
    );
  });
});
