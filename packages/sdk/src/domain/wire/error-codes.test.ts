import { describe, expect, it } from 'vitest';
import { fieldRefusal, INVALID_INPUT_FALLBACK, portalErrorCode, REFUSAL_STATUS, refusalCodeOf, type RefusalCode } from './error-codes.ts';

describe('refusal codes and their HTTP statuses', () => {
  it('gives every refusal its own status, so the status alone tells the code', () => {
    const refinements: Partial<Record<RefusalCode, RefusalCode>> = { 'not-open-to-age': 'not-allowed' };
    for (const code of Object.keys(REFUSAL_STATUS) as RefusalCode[]) expect(refusalCodeOf(REFUSAL_STATUS[code])).toBe(refinements[code] ?? code);
    expect(new Set(Object.values(REFUSAL_STATUS)).size).toBe(Object.keys(REFUSAL_STATUS).length - Object.keys(refinements).length);
    expect(refusalCodeOf(500)).toBeUndefined();
    expect(refusalCodeOf(200)).toBeUndefined();
  });

  it('knows every refusal as a PortalError code, and nothing a server might invent', () => {
    for (const code of Object.keys(REFUSAL_STATUS)) expect(portalErrorCode(code)).toBe(code);
    expect(portalErrorCode('not-configured')).toBeUndefined();
    expect(portalErrorCode(404)).toBeUndefined();
  });
});

describe('fieldRefusal', () => {
  it("says the form-level message first, else the first field's, and keeps only the fields that have one", () => {
    expect(fieldRefusal({ form: 'Could not assign', studentEmail: 'No account uses this email address' })).toEqual({
      message: 'Could not assign',
      fields: { studentEmail: 'No account uses this email address' },
    });
    expect(fieldRefusal({ title: 'Please enter a title', company: undefined, location: 'Please choose a location' })).toEqual({
      message: 'Please enter a title',
      fields: { title: 'Please enter a title', location: 'Please choose a location' },
    });
  });

  it('has a message even when nothing names one', () => {
    expect(fieldRefusal({})).toEqual({ message: INVALID_INPUT_FALLBACK, fields: {} });
  });
});
