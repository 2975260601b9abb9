import type { ParamReader } from '../http/params.ts';
import { errors } from '../http/errors.ts';

export const GRAVITIES = ['center', 'top-left', 'top', 'top-right', 'left', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
export type Gravity = (typeof GRAVITIES)[number];

/** Appwrite's preview outputs (app/config/storage/outputs.php) and the type each is served as. */
export const OUTPUTS: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** What `GET …/files/{fileId}/preview` is asked for, with Appwrite's defaults. */
export interface PreviewOptions {
  width: number;
  height: number;
  gravity: Gravity;
  /** -1 keeps the encoder's default. */
  quality: number;
  borderWidth: number;
  borderColor: string;
  borderRadius: number;
  opacity: number;
  rotation: number;
  background: string;
  /** '' picks the format from the file (see `outputFor`). */
  output: string;
}

const HEX_COLOR = /^([0-9a-f]{6}|[0-9a-f]{3})$/i;

function invalid(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

/** utopia's Range validator, which formats its bounds with thousands separators. */
function range(params: ParamReader, name: string, fallback: number, min: number, max: number, float = false): number {
  const value = params.raw(name);
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  const wrongType = float ? !Number.isFinite(parsed) : !Number.isInteger(parsed);
  if (wrongType || parsed < min || parsed > max) {
    invalid(name, `Value must be a valid range between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`);
  }
  return parsed;
}

function hexColor(params: ParamReader, name: string): string {
  const value = params.optionalString(name) ?? '';
  if (value !== '' && !HEX_COLOR.test(value)) invalid(name, 'Value must be a valid Hex color code');
  return value;
}

function oneOf<T extends string>(params: ParamReader, name: string, allowed: readonly T[], fallback: T | ''): T | '' {
  const value = params.optionalString(name);
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) invalid(name, `Value must be one of (${allowed.join(', ')})`);
  return value as T;
}

export function readPreviewOptions(params: ParamReader): PreviewOptions {
  return {
    width: range(params, 'width', 0, 0, 4000),
    height: range(params, 'height', 0, 0, 4000),
    gravity: (oneOf(params, 'gravity', GRAVITIES, 'center') || 'center') as Gravity,
    quality: range(params, 'quality', -1, -1, 100),
    borderWidth: range(params, 'borderWidth', 0, 0, 100),
    borderColor: hexColor(params, 'borderColor'),
    borderRadius: range(params, 'borderRadius', 0, 0, 4000),
    opacity: range(params, 'opacity', 1, 0, 1, true),
    rotation: range(params, 'rotation', 0, -360, 360),
    background: hexColor(params, 'background'),
    output: oneOf(params, 'output', Object.keys(OUTPUTS), ''),
  };
}

/**
 * The output format when none is asked: the file name's extension when it is an output format, `jpg` for
 * any other extension, and for a name without one the format of its MIME type (else `jpg`), as Appwrite picks it.
 */
export function outputFor(fileName: string, mimeType: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (extension !== '') return extension in OUTPUTS ? extension : 'jpg';
  return Object.keys(OUTPUTS).find((key) => OUTPUTS[key] === mimeType) ?? 'jpg';
}
