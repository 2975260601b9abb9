import type { RequestContext } from '../http/context.ts';
import type { ParamReader } from '../http/params.ts';
import type { Services } from '../services.ts';
import { compoundId, idList, nullableBoolean, nullableJson, optionalChoice, optionalText, requiredText } from './messaging-params.ts';
import type { ProviderType } from './provider-kinds.ts';

/**
 * What the create and update routes of each message type read into the message's `data`, with
 * Appwrite's validators and defaults. On create every field is read with its default; on update
 * only the fields given change what is stored.
 */

const SUBJECT_MAX = 998;
const CONTENT_MAX = 64230;
const SHORT_MAX = 256;

export interface MessageContent {
  data: Record<string, unknown>;
  /** E-mail copies (`cc`, `bcc`): target ids that must be e-mail targets, like `targets`. */
  copies: string[];
}

/** The data of a new message of the type. */
export function readCreateContent(type: ProviderType, ctx: RequestContext, services: Services): MessageContent {
  const params = ctx.params;
  if (type === 'email') {
    const subject = requiredText(params, 'subject', SUBJECT_MAX);
    const content = requiredText(params, 'content', CONTENT_MAX);
    const cc = idList(params, 'cc') ?? [];
    const bcc = idList(params, 'bcc') ?? [];
    const attachments = readAttachments(params) ?? [];
    const html = params.boolean('html', false);
    return { data: { subject, content, html, cc, bcc, attachments }, copies: [...cc, ...bcc] };
  }
  if (type === 'sms') return { data: { content: requiredText(params, 'content', CONTENT_MAX) }, copies: [] };
  return { data: readPushData(params, services, 'create'), copies: [] };
}

/** The stored data with an update request's changes. */
export function mergeUpdateContent(type: ProviderType, ctx: RequestContext, services: Services, stored: Record<string, unknown>): Record<string, unknown> {
  const params = ctx.params;
  if (type === 'email') {
    const changes: Record<string, unknown> = {
      subject: params.optionalString('subject', { max: SUBJECT_MAX }),
      content: params.optionalString('content', { max: CONTENT_MAX }),
      attachments: readAttachments(params),
      html: nullableBoolean(params, 'html'),
      cc: idList(params, 'cc'),
      bcc: idList(params, 'bcc'),
    };
    return { ...stored, ...defined(changes) };
  }
  if (type === 'sms') {
    const content = params.optionalString('content', { max: CONTENT_MAX });
    return content === undefined ? stored : { ...stored, content };
  }
  return { ...stored, ...readPushData(params, services, 'update') };
}

/**
 * Push data as Appwrite builds it: on create only the fields that are set (a badge of -1, the
 * default, is no badge; priority defaults to `high`); on update each field given.
 */
function readPushData(params: ParamReader, services: Services, mode: 'create' | 'update'): Record<string, unknown> {
  const texts = ['title', 'body', 'action', 'icon', 'sound', 'color', 'tag'] as const;
  const data: Record<string, unknown> = {};
  for (const field of texts) {
    const value =
      mode === 'create'
        ? optionalText(params, field, field === 'body' ? CONTENT_MAX : SHORT_MAX)
        : params.optionalString(field, { max: field === 'body' ? CONTENT_MAX : SHORT_MAX });
    if (value !== undefined) data[field] = value;
  }
  const extra = nullableJson(params, 'data');
  if (extra !== undefined && (mode === 'update' || Object.keys(extra).length > 0)) data.data = extra;
  const image = params.has('image') && params.raw('image') !== '' ? compoundId('image', params.raw('image')) : undefined;
  if (image) data.image = { ...image, url: imageUrl(services, image) };
  const badge = params.has('badge') ? params.integer('badge', -1) : mode === 'create' ? -1 : undefined;
  if (badge !== undefined && (mode === 'update' || badge >= 0)) data.badge = badge;
  for (const flag of ['contentAvailable', 'critical'] as const) {
    const value = nullableBoolean(params, flag);
    if (value !== undefined && (mode === 'update' || value)) data[flag] = value;
  }
  const priority = optionalChoice(params, 'priority', ['normal', 'high'] as const) ?? (mode === 'create' ? 'high' : undefined);
  if (priority !== undefined) data.priority = priority;
  return data;
}

/**
 * Appwrite hands devices a JWT-signed `/push` link to the image that works for 15 days whatever the
 * file's permissions; the local backend links the file's `view` URL, which a device can open when
 * the file is readable by guests.
 */
function imageUrl(services: Services, image: { bucketId: string; fileId: string }): string {
  return `${services.endpoint()}/storage/buckets/${image.bucketId}/files/${image.fileId}/view?project=${services.projectId}`;
}

function readAttachments(params: ParamReader): Array<{ bucketId: string; fileId: string }> | undefined {
  const values = params.stringArray('attachments', { max: 100 });
  return values?.map((value) => compoundId('attachments', value));
}

function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
