import { describe, expect, it } from 'vitest';
import { emailMetadata } from './email-metadata.ts';

describe('emailMetadata', () => {
  it('keeps a corporate address as it is and reduces provider aliases to their canonical address', () => {
    expect(emailMetadata('cristiano.ronaldo@manchester-united.co.uk')).toEqual({
      emailCanonical: 'cristiano.ronaldo@manchester-united.co.uk',
      emailIsFree: false,
      emailIsDisposable: false,
      emailIsCorporate: true,
      emailIsCanonical: true,
    });
    expect(emailMetadata('Ada.Love+school@googlemail.com')).toMatchObject({ emailCanonical: 'adalove@gmail.com', emailIsFree: true, emailIsCanonical: false });
    expect(emailMetadata('ada+x@outlook.com').emailCanonical).toBe('ada@outlook.com');
    expect(emailMetadata('ada-news@yahoo.com').emailCanonical).toBe('ada@yahoo.com');
    expect(emailMetadata('someone@mailinator.com')).toMatchObject({ emailIsDisposable: true, emailIsFree: false, emailIsCorporate: false });
  });

  it('has no facts for an account without an address', () => {
    expect(emailMetadata('')).toEqual({ emailCanonical: null, emailIsFree: null, emailIsDisposable: null, emailIsCorporate: null, emailIsCanonical: null });
  });
});
