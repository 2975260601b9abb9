import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/messages.ts';
import { invalidInput, isPortalError, PortalError } from './errors.ts';

describe('PortalError.from wraps whatever a call threw', () => {
  it('keeps a PortalError as it is', () => {
    const error = new PortalError('already-applied', 'You have already applied to this opportunity.');
    expect(PortalError.from(error)).toBe(error);
  });

  it("translates Appwrite errors by type first, then by HTTP status, keeping the server's message", () => {
    const cases: Array<[AppwriteException, string]> = [
      [new AppwriteException('Invalid credentials. Please check the email and password.', 401, 'user_invalid_credentials'), 'invalid-credentials'],
      [new AppwriteException('A user with the same id, email, or phone already exists in this project.', 409, 'user_already_exists'), 'already-exists'],
      [new AppwriteException('The current user is not authorized to perform the requested action.', 401, 'user_unauthorized'), 'not-allowed'],
      [new AppwriteException('User (role: guests) missing scopes (["account"])', 401, 'general_unauthorized_scope'), 'unauthenticated'],
      [new AppwriteException('File extension not allowed', 400, 'storage_file_type_unsupported'), 'invalid-input'],
      [new AppwriteException("Row with the requested ID 'x' could not be found.", 404, 'row_not_found'), 'not-found'],
      [new AppwriteException('Too many requests', 429, 'general_rate_limit_exceeded'), 'rate-limited'],
    ];
    for (const [exception, code] of cases) {
      const error = PortalError.from(exception);
      expect({ code: error.code, message: error.message, status: error.status }).toEqual({ code, message: exception.message, status: exception.code });
      expect(error.cause).toBe(exception);
    }
  });

  it('names the refused parameter as a field', () => {
    const error = PortalError.from(new AppwriteException('Invalid `email` param: Value must be a valid email address', 400, 'general_argument_invalid'));
    expect(error.code).toBe('invalid-input');
    expect(error.fields).toEqual({ email: 'Invalid `email` param: Value must be a valid email address' });
  });

  it("calls a password on Appwrite's dictionary weak-password, with the reason beside the password field", () => {
    const refusal = 'Invalid `password` param: Password must be between 8 and 265 characters long, and should not be one of the commonly used password.';
    const error = PortalError.from(new AppwriteException(refusal, 400, 'general_argument_invalid'));
    expect({ code: error.code, message: error.message, status: error.status }).toEqual({
      code: 'weak-password',
      message: MESSAGES.commonPassword,
      status: 400,
    });
    expect(error.fields).toEqual({ password: MESSAGES.commonPassword });
    // A password that is only too short stays an ordinary invalid input with the server's words.
    const short = PortalError.from(
      new AppwriteException('Invalid `password` param: Password must be between 8 and 256 characters long.', 400, 'general_argument_invalid'),
    );
    expect(short.code).toBe('invalid-input');
  });

  it("shows people a plain message for server failures, not the server's internals", () => {
    const error = PortalError.from(new AppwriteException('SQLSTATE[HY000] something broke', 500, 'general_unknown'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe(MESSAGES.genericError);
  });

  it('calls a fetch that got no answer a network failure', () => {
    const error = PortalError.from(new TypeError('fetch failed'));
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/could not reach the server/);
    expect(PortalError.from(new AppwriteException('no answer')).code).toBe('network');
  });

  it("translates an Appwrite error by its shape, so the mapping needs no import of Appwrite's SDK", () => {
    // What a second copy of the appwrite package (or a bundle that loads it later) throws: same fields, another class.
    const copy = Object.assign(new Error('Invalid credentials. Please check the email and password.'), {
      name: 'AppwriteException',
      code: 401,
      type: 'user_invalid_credentials',
      response: '{"message":"Invalid credentials."}',
    });
    const error = PortalError.from(copy);
    expect({ code: error.code, message: error.message, status: error.status }).toEqual({ code: 'invalid-credentials', message: copy.message, status: 401 });
    expect(error.cause).toBe(copy);
    expect(PortalError.from(Object.assign(new Error('no answer'), { name: 'AppwriteException', code: 0, type: '', response: '' })).code).toBe('network');
  });

  it("does not take an error that only looks a little like Appwrite's for one", () => {
    const refusedSocket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4000'), { code: 'ECONNREFUSED' });
    expect(PortalError.from(refusedSocket).code).toBe('unknown');
    const otherLibrary = Object.assign(new Error('Not found'), { code: 404, type: 'row_not_found', response: '' });
    expect(PortalError.from(otherLibrary).code).toBe('unknown');
  });

  it('calls anything else unknown, with the original as the cause', () => {
    const thrown = new RangeError('odd');
    const error = PortalError.from(thrown);
    expect(error.code).toBe('unknown');
    expect(error.cause).toBe(thrown);
  });
});

describe('invalidInput and isPortalError', () => {
  it("uses the form message, else the first field's, and keeps the fields", () => {
    expect(invalidInput({ form: 'Check the form', title: 'Please enter a title' })).toMatchObject({
      message: 'Check the form',
      fields: { title: 'Please enter a title' },
    });
    expect(invalidInput({ title: 'Please enter a title' }).message).toBe('Please enter a title');
  });

  it('recognises a PortalError, optionally by code', () => {
    const error = new PortalError('not-found');
    expect(isPortalError(error)).toBe(true);
    expect(isPortalError(error, 'not-found')).toBe(true);
    expect(isPortalError(error, 'network')).toBe(false);
    expect(isPortalError(new Error('x'))).toBe(false);
    expect(Object.isFrozen(error.fields)).toBe(true);
  });
});
