import sharp, { type Sharp } from 'sharp';
import { AppwriteError } from '../http/errors.ts';
import type { Gravity, PreviewOptions } from './preview-params.ts';

/**
 * Image previews as Appwrite renders them with ImageMagick (utopia-php/image), reproduced with sharp: the
 * same steps in the same order (crop, opacity, background, border, rounded corners, rotation, then the EXIF
 * orientation), and the same output sizes, including ImageMagick's bounding box for a rotation.
 */

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

interface Size {
  width: number;
  height: number;
}

function color(hex: string): string {
  return `#${hex}`;
}

/** Materialises the pipeline so the next step sees real pixels and sizes. */
async function settle(image: Sharp): Promise<{ image: Sharp; size: Size }> {
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { image: sharp(data), size: { width: info.width, height: info.height } };
}

/**
 * utopia's `crop`: missing sides follow the aspect ratio; `center` fills the box and cuts the middle
 * (ImageMagick's cropThumbnailImage), any other gravity scales to cover and cuts at that side.
 */
function crop(image: Sharp, size: Size, requested: Size, gravity: Gravity): { image: Sharp; size: Size } {
  const aspect = size.width / size.height;
  let { width, height } = requested;
  if (gravity === 'center' && width !== 0 && height !== 0 && width === size.width && height === size.height) return { image, size };
  if (width === 0) width = Math.trunc(height * aspect);
  if (height === 0) height = Math.trunc(width / aspect);
  if (width === 0 && height === 0) ({ width, height } = size);
  width = Math.max(1, width);
  height = Math.max(1, height);
  if (gravity === 'center') return { image: image.resize(width, height, { fit: 'cover', position: 'centre' }), size: { width, height } };

  const cover = width / height > aspect ? { width, height: Math.ceil(width / aspect) } : { width: Math.ceil(height * aspect), height };
  const centreX = Math.trunc(cover.width / 2 - width / 2);
  const centreY = Math.trunc(cover.height / 2 - height / 2);
  const left = gravity.endsWith('left') ? 0 : gravity.endsWith('right') ? cover.width - width : centreX;
  const top = gravity.startsWith('top') ? 0 : gravity.startsWith('bottom') ? cover.height - height : centreY;
  const box = { left: Math.max(0, left), top: Math.max(0, top), width: Math.min(width, cover.width), height: Math.min(height, cover.height) };
  return { image: image.resize(cover.width, cover.height, { fit: 'fill' }).extract(box), size: { width: box.width, height: box.height } };
}

/**
 * The size ImageMagick gives an image turned by `degrees`: a quarter turn swaps the sides, any other angle
 * takes the bounding box of the turned corners, widened the way its distort's best fit rounds it.
 */
export function rotatedSize(size: Size, degrees: number): Size {
  const turn = ((degrees % 360) + 360) % 360;
  if (turn % 90 === 0) return turn % 180 === 0 ? size : { width: size.height, height: size.width };
  const radians = (turn * Math.PI) / 180;
  const halfWidth = (Math.abs(size.width * Math.cos(radians)) + Math.abs(size.height * Math.sin(radians))) / 2;
  const halfHeight = (Math.abs(size.width * Math.sin(radians)) + Math.abs(size.height * Math.cos(radians))) / 2;
  const side = (centre: number, half: number) => {
    const start = Math.floor(centre - half - 0.5);
    return Math.ceil(centre + half - start + 0.5);
  };
  return { width: side(size.width / 2, halfWidth), height: side(size.height / 2, halfHeight) };
}

/** Turns the image on a transparent ground, then pads or trims it (centred) to ImageMagick's size. */
async function rotate(image: Sharp, size: Size, degrees: number): Promise<{ image: Sharp; size: Size }> {
  const target = rotatedSize(size, degrees);
  const turned = await settle(image.rotate(degrees, { background: TRANSPARENT }));
  const { width, height } = turned.size;
  let result = turned.image;
  if (target.width > width || target.height > height) {
    const padX = Math.max(0, target.width - width);
    const padY = Math.max(0, target.height - height);
    result = result.extend({
      left: Math.floor(padX / 2),
      right: padX - Math.floor(padX / 2),
      top: Math.floor(padY / 2),
      bottom: padY - Math.floor(padY / 2),
      background: TRANSPARENT,
    });
    ({ image: result } = await settle(result));
  }
  const paddedWidth = Math.max(width, target.width);
  const paddedHeight = Math.max(height, target.height);
  if (paddedWidth > target.width || paddedHeight > target.height) {
    result = result.extract({
      left: Math.floor((paddedWidth - target.width) / 2),
      top: Math.floor((paddedHeight - target.height) / 2),
      width: target.width,
      height: target.height,
    });
  }
  return { image: result, size: target };
}

/** Rounded corners: everything outside a rounded rectangle of the image's size becomes transparent. */
function roundCorners(image: Sharp, size: Size, radius: number, border: { width: number; color: string }): Sharp {
  const inset = border.width;
  const rect = (fill: string, stroke = '') =>
    `<rect x="${inset}" y="${inset}" width="${Math.max(0, size.width - 2 * inset - 1)}" height="${Math.max(0, size.height - 2 * inset - 1)}" rx="${radius}" ry="${radius}" ${fill}${stroke}/>`;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${rect('fill="#000"')}</svg>`);
  const layers: sharp.OverlayOptions[] = [{ input: mask, blend: 'dest-in' }];
  if (border.width > 0) {
    const stroke = ` stroke="${color(border.color)}" stroke-width="${border.width}"`;
    layers.push({
      input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${rect('fill="none"', stroke)}</svg>`),
      blend: 'dest-over',
    });
  }
  return image.ensureAlpha().composite(layers);
}

/** The rotation Appwrite applies last from the EXIF orientation (mirrored orientations are ignored, as there). */
function exifTurn(orientation: number | undefined): number {
  return orientation === 3 ? 180 : orientation === 6 ? 90 : orientation === 8 ? -90 : 0;
}

async function encode(image: Sharp, output: string, quality: number): Promise<Buffer> {
  const chosen = quality >= 0 ? quality : undefined;
  switch (output) {
    case 'jpg':
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: chosen }).toBuffer();
    case 'png':
      // ImageMagick's PNG "quality" is a zlib level: 0-100 scaled to 0-9 and inverted.
      return image.png({ compressionLevel: chosen === undefined ? 6 : 9 - Math.round((chosen / 100) * 9) }).toBuffer();
    case 'webp':
      return image.webp({ quality: chosen }).toBuffer();
    case 'avif':
      return image.avif({ quality: chosen === undefined ? undefined : Math.min(chosen, 99) }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    default:
      // HEIC needs an HEVC encoder, which this server does not ship.
      throw new AppwriteError(500, 'general_server_error', `Preview output format ${output} is not supported by this server.`);
  }
}

/** Renders a preview; throws storage_file_type_unsupported (400) when the bytes are not an image it can read. */
export async function renderPreview(source: Buffer, options: PreviewOptions, output: string): Promise<Buffer> {
  let image: Sharp;
  let size: Size;
  let orientation: number | undefined;
  try {
    image = sharp(source, { pages: 1 });
    const metadata = await image.metadata();
    size = { width: metadata.width ?? 0, height: metadata.height ?? 0 };
    orientation = metadata.orientation;
    if (!size.width || !size.height) throw new Error('no image size');
  } catch (error) {
    throw new AppwriteError(400, 'storage_file_type_unsupported', (error as Error).message);
  }

  if (options.width > 0 || options.height > 0 || options.gravity !== 'center') {
    ({ image, size } = await settle(crop(image, size, { width: options.width, height: options.height }, options.gravity).image));
  }
  if (options.opacity !== 1) ({ image, size } = await settle(image.removeAlpha().ensureAlpha(options.opacity)));
  if (options.background !== '') ({ image, size } = await settle(image.flatten({ background: color(options.background) })));
  if (options.borderWidth > 0) {
    const border = options.borderWidth;
    ({ image, size } = await settle(
      image.extend({ top: border, bottom: border, left: border, right: border, background: color(options.borderColor || '000') }),
    ));
  }
  if (options.borderRadius > 0) {
    ({ image, size } = await settle(roundCorners(image, size, options.borderRadius, { width: options.borderWidth, color: options.borderColor || '000' })));
  }
  const rotation = (options.rotation + 360) % 360;
  if (rotation !== 0) ({ image, size } = await rotate(image, size, rotation));
  const turn = exifTurn(orientation);
  if (turn !== 0) ({ image } = await rotate(image, size, turn));
  return encode(image, output, options.quality);
}

/**
 * What Appwrite previews for a file that is not an image (or too big to render): a file-type icon, which
 * the preview's options then transform like any image. This server ships no icons: a transparent square
 * stands for it (on Appwrite's default light grey ground unless a background is asked).
 */
export function placeholderImage(): Promise<Buffer> {
  return sharp({ create: { width: 150, height: 150, channels: 4, background: TRANSPARENT } })
    .png()
    .toBuffer();
}
