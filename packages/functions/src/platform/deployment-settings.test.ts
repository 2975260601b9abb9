import { describe, expect, it } from 'vitest';
import { deploymentSettings } from './deployment-settings.ts';

describe('deploymentSettings', () => {
  it('reads the school domain and a list of teacher addresses', () => {
    expect(deploymentSettings({ SCHOOL_DOMAIN: ' board.example ', TEACHER_EMAILS: 'a@x.example, b@y.example;c@z.example' })).toEqual({
      schoolDomain: 'board.example',
      teacherEmails: ['a@x.example', 'b@y.example', 'c@z.example'],
    });
  });

  it('falls back to the documented defaults', () => {
    expect(deploymentSettings({})).toEqual({ schoolDomain: 'school.example', teacherEmails: [] });
  });
});
