import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Client, ID, Messaging, Query, SmtpEncryption } from 'node-appwrite';
import { adminClient, startTestBackend, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { expectModel, type ModelShape } from '../support/models.ts';

/**
 * Appwrite Messaging's providers through node-appwrite: every provider family is stored with its
 * credentials and options, enabled only when asked and complete (quietly disabled on create,
 * refused on update), updated only through its own family's route, and listed, searched, read and
 * deleted with Appwrite's models and errors. API key only.
 */

const PROVIDER: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  name: 'string',
  provider: 'string',
  enabled: 'boolean',
  type: 'string',
  credentials: 'any',
  options: 'any',
};

let backend: TestBackend;
let messaging: Messaging;
beforeAll(async () => {
  backend = await startTestBackend();
  messaging = new Messaging(adminClient(backend));
});
afterAll(() => backend?.close());

async function failure(promise: Promise<unknown>): Promise<{ code: number; type: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppwriteException);
  return { code: (error as AppwriteException).code, type: (error as AppwriteException).type };
}

describe('messaging providers', () => {
  it('creates e-mail, SMS and push providers with their credentials and options, enabled only when complete', async () => {
    const smtp = await messaging.createSMTPProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'School SMTP',
      host: 'smtp.school.example',
      port: 2525,
      username: 'mailer',
      password: 'secret',
      encryption: SmtpEncryption.Tls,
      fromName: 'Opportunity Kit',
      fromEmail: 'noreply@school.example',
      enabled: true,
    });
    expectModel(smtp, PROVIDER);
    expect(smtp).toMatchObject({
      name: 'School SMTP',
      provider: 'smtp',
      type: 'email',
      enabled: true,
      credentials: { host: 'smtp.school.example', port: 2525, username: 'mailer', password: 'secret' },
      options: {
        fromName: 'Opportunity Kit',
        fromEmail: 'noreply@school.example',
        replyToName: '',
        replyToEmail: '',
        encryption: 'tls',
        autoTLS: true,
        mailer: '',
      },
    });

    // Asked to be enabled without a sender address: stored, but disabled.
    const sendgrid = await messaging.createSendgridProvider({ providerId: cleanup.provider(ID.unique()), name: 'Sendgrid', apiKey: 'key', enabled: true });
    expect(sendgrid).toMatchObject({ provider: 'sendgrid', type: 'email', enabled: false, credentials: { apiKey: 'key' } });
    // Not asked: disabled even when complete.
    const mailgun = await messaging.createMailgunProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'Mailgun',
      apiKey: 'key',
      domain: 'mg.school.example',
      isEuRegion: false,
      fromEmail: 'news@school.example',
    });
    expect(mailgun).toMatchObject({ enabled: false, credentials: { apiKey: 'key', domain: 'mg.school.example', isEuRegion: false } });

    const twilio = await messaging.createTwilioProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'Twilio',
      from: '+14155550100',
      accountSid: 'sid',
      authToken: 'token',
      enabled: true,
    });
    expect(twilio).toMatchObject({
      provider: 'twilio',
      type: 'sms',
      enabled: true,
      options: { from: '+14155550100' },
      credentials: { accountSid: 'sid', authToken: 'token' },
    });
    const fcm = await messaging.createFCMProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'FCM',
      serviceAccountJSON: { project_id: 'p' },
      enabled: true,
    });
    expect(fcm).toMatchObject({ provider: 'fcm', type: 'push', enabled: true, credentials: { serviceAccountJSON: { project_id: 'p' } } });
    const apns = await messaging.createAPNSProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'APNS',
      authKey: 'k',
      authKeyId: 'i',
      teamId: 't',
      bundleId: 'b',
    });
    expect(apns).toMatchObject({ provider: 'apns', type: 'push', enabled: false, options: { sandbox: false } });
  });

  it('updates through the family’s own route, refusing to enable an incomplete provider', async () => {
    const fcm = await messaging.createFCMProvider({ providerId: cleanup.provider(ID.unique()), name: 'FCM without key' });
    expect(fcm.enabled).toBe(false);
    expect(await failure(messaging.updateFCMProvider({ providerId: fcm.$id, enabled: true }))).toEqual({ code: 400, type: 'provider_missing_credentials' });
    const enabled = await messaging.updateFCMProvider({ providerId: fcm.$id, name: 'FCM', serviceAccountJSON: { project_id: 'p' }, enabled: true });
    expect(enabled).toMatchObject({ name: 'FCM', enabled: true, credentials: { serviceAccountJSON: { project_id: 'p' } } });

    const ses = await messaging.createSesProvider({
      providerId: cleanup.provider(ID.unique()),
      name: 'SES',
      accessKey: 'a',
      secretKey: 's',
      region: 'us-east-1',
    });
    // A sparse update keeps the other credentials.
    const moved = await messaging.updateSesProvider({ providerId: ses.$id, region: 'eu-west-1' });
    expect(moved.credentials).toEqual({ accessKey: 'a', secretKey: 's', region: 'eu-west-1' });
    expect(await failure(messaging.updateSesProvider({ providerId: ses.$id, enabled: true }))).toEqual({ code: 400, type: 'provider_missing_credentials' });
    expect((await messaging.updateSesProvider({ providerId: ses.$id, fromEmail: 'ses@school.example', enabled: true })).enabled).toBe(true);

    expect(await failure(messaging.updateSendgridProvider({ providerId: ses.$id, name: 'wrong' }))).toEqual({ code: 400, type: 'provider_incorrect_type' });
    expect(await failure(messaging.updateSendgridProvider({ providerId: 'missing', name: 'x' }))).toEqual({ code: 404, type: 'provider_not_found' });
    expect((await messaging.updateSesProvider({ providerId: ses.$id, enabled: false })).enabled).toBe(false);
  });

  it('lists with queries and search, reads, refuses a taken id, and deletes', async () => {
    const id = cleanup.provider(ID.unique());
    await messaging.createVonageProvider({ providerId: id, name: 'Vonage for search', from: '+14155550101', apiKey: 'k', apiSecret: 's' });
    expect(await failure(messaging.createVonageProvider({ providerId: id, name: 'again' }))).toEqual({ code: 409, type: 'provider_already_exists' });

    const sms = await messaging.listProviders({ queries: [Query.equal('type', ['sms'])] });
    expect(sms.providers.every((provider) => provider.type === 'sms')).toBe(true);
    expect(sms.providers.map((provider) => provider.$id)).toContain(id);
    expect((await messaging.listProviders({ search: 'vonage' })).providers.map((provider) => provider.$id)).toContain(id);
    const enabled = await messaging.listProviders({ queries: [Query.equal('enabled', [true]), Query.limit(1)] });
    expect(enabled.providers.length).toBeLessThanOrEqual(1);
    expect(enabled.providers.every((provider) => provider.enabled)).toBe(true);
    expect(await failure(messaging.listProviders({ queries: [Query.equal('credentials', ['x'])] }))).toEqual({ code: 400, type: 'general_argument_invalid' });

    expect((await messaging.getProvider({ providerId: id })).name).toBe('Vonage for search');
    await messaging.deleteProvider({ providerId: id });
    expect(await failure(messaging.getProvider({ providerId: id }))).toEqual({ code: 404, type: 'provider_not_found' });
    expect(await failure(messaging.deleteProvider({ providerId: id }))).toEqual({ code: 404, type: 'provider_not_found' });
  });

  it('is for API keys only', async () => {
    const anonymous = new Messaging(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
    expect(await failure(anonymous.listProviders())).toEqual({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(anonymous.createSendgridProvider({ providerId: ID.unique(), name: 'x' }))).toEqual({ code: 401, type: 'general_unauthorized_scope' });
  });
});
