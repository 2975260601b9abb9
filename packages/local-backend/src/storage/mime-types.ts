/**
 * MIME types as Appwrite reports them: it asks libmagic about the bytes, not the name. This
 * recognises the signatures of the formats an app typically stores (images, PDF, audio, video,
 * archives, text) and falls back to the extension only when the bytes say nothing.
 */

interface Signature {
  offset: number;
  bytes: number[];
}

// prettier-ignore
const SIGNATURES: Array<{ mime: string; all: Signature[] }> = [
  { mime: 'image/jpeg', all: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { mime: 'image/png', all: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { mime: 'image/gif', all: [{ offset: 0, bytes: [0x47, 0x49, 0x46, 0x38] }] },
  { mime: 'image/webp', all: [{ offset: 0, bytes: [0x52, 0x49, 0x46, 0x46] }, { offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] }] },
  { mime: 'audio/x-wav', all: [{ offset: 0, bytes: [0x52, 0x49, 0x46, 0x46] }, { offset: 8, bytes: [0x57, 0x41, 0x56, 0x45] }] },
  { mime: 'video/x-msvideo', all: [{ offset: 0, bytes: [0x52, 0x49, 0x46, 0x46] }, { offset: 8, bytes: [0x41, 0x56, 0x49, 0x20] }] },
  { mime: 'image/bmp', all: [{ offset: 0, bytes: [0x42, 0x4d] }] },
  { mime: 'image/tiff', all: [{ offset: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }] },
  { mime: 'image/tiff', all: [{ offset: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }] },
  { mime: 'image/vnd.microsoft.icon', all: [{ offset: 0, bytes: [0x00, 0x00, 0x01, 0x00] }] },
  { mime: 'application/pdf', all: [{ offset: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }] },
  { mime: 'audio/mpeg', all: [{ offset: 0, bytes: [0x49, 0x44, 0x33] }] },
  { mime: 'audio/flac', all: [{ offset: 0, bytes: [0x66, 0x4c, 0x61, 0x43] }] },
  { mime: 'audio/ogg', all: [{ offset: 0, bytes: [0x4f, 0x67, 0x67, 0x53] }] },
  { mime: 'application/gzip', all: [{ offset: 0, bytes: [0x1f, 0x8b] }] },
  { mime: 'application/zip', all: [{ offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] }] },
  { mime: 'application/x-7z-compressed', all: [{ offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }] },
  { mime: 'application/wasm', all: [{ offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d] }] },
];

const EXTENSIONS: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  heic: 'image/heic',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/x-wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  xml: 'text/xml',
  md: 'text/plain',
  zip: 'application/zip',
  gz: 'application/gzip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function matches(head: Buffer, signature: Signature): boolean {
  if (head.length < signature.offset + signature.bytes.length) return false;
  return signature.bytes.every((byte, index) => head[signature.offset + index] === byte);
}

/** ISO base media (`ftyp` box): MP4/M4A/MOV/HEIC/AVIF are told apart by their brand. */
function isoMediaType(head: Buffer): string | undefined {
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const brand = head.toString('latin1', 8, 12);
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand.startsWith('M4A')) return 'audio/mp4';
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (brand.startsWith('hei') || brand === 'mif1' || brand === 'msf1') return 'image/heic';
  if (brand.startsWith('3gp')) return 'video/3gpp';
  return 'video/mp4';
}

/** Matroska/WebM (EBML header): the DocType says which. */
function matroskaType(head: Buffer): string | undefined {
  if (!matches(head, { offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] })) return undefined;
  return head.includes('webm', 0, 'latin1') ? 'video/webm' : 'video/x-matroska';
}

function isMpegAudioFrame(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0xff && ((head[1] as number) & 0xe0) === 0xe0;
}

function textType(head: Buffer): string | undefined {
  if (head.includes(0)) return undefined;
  const text = head.toString('utf8');
  // A multi-byte sequence may be cut at the end of the head; only the inside must decode cleanly.
  if (text.slice(0, -1).includes('\uFFFD')) return undefined;
  const start = text.trimStart().slice(0, 256).toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && text.includes('<svg'))) return 'image/svg+xml';
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'text/html';
  if (start.startsWith('<?xml')) return 'text/xml';
  if (start.startsWith('{') || start.startsWith('[')) {
    try {
      JSON.parse(text);
      return 'application/json';
    } catch {
      return 'text/plain';
    }
  }
  return 'text/plain';
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}

export function sniffMimeType(head: Buffer, name: string): string {
  if (head.length === 0) return 'application/x-empty';
  for (const { mime, all } of SIGNATURES) {
    if (all.every((signature) => matches(head, signature))) return mime;
  }
  const detected = isoMediaType(head) ?? matroskaType(head) ?? (isMpegAudioFrame(head) ? 'audio/mpeg' : undefined) ?? textType(head);
  return detected ?? EXTENSIONS[extensionOf(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Types the view and preview endpoints send as they are (Appwrite's `storage-mimes` list); anything
 * else is sent as `text/plain`, so an uploaded HTML page can never run as a page of the API origin.
 */
export const INLINE_MIME_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/gif',
  'image/png',
  'image/webp',
  'video/mp4',
  'video/x-flv',
  'application/x-mpegURL',
  'video/MP2T',
  'video/3gpp',
  'video/quicktime',
  'video/x-msvideo',
  'video/x-ms-wmv',
  'audio/basic',
  'auido/L24',
  'audio/mid',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-aiff',
  'audio/x-mpegurl',
  'audio/vnd.rn-realaudio',
  'audio/ogg',
  'audio/vorbis',
  'audio/vnd.wav',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.ms-word.document.macroEnabled.12',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
  'application/vnd.ms-excel.template.macroEnabled.12',
  'application/vnd.ms-excel.addin.macroEnabled.12',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.template',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.ms-powerpoint.addin.macroEnabled.12',
  'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  'application/vnd.ms-powerpoint.template.macroEnabled.12',
  'application/vnd.ms-powerpoint.slideshow.macroEnabled.12',
  'application/vnd.ms-access',
  'application/pdf',
]);
