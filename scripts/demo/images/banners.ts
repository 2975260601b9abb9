import { drawText, GLYPH_HEIGHT, textWidth, wrap } from './pixel-font.ts';
import { Canvas, mix, rgb, type Rgb } from './png.ts';

/** Two colours a picture is painted in: a gradient from `from` to `to`. */
export interface Palette {
  from: string;
  to: string;
}

export const PALETTES = {
  leaf: { from: '#1b7f5a', to: '#8fd694' },
  ocean: { from: '#12467a', to: '#4fb3d9' },
  sunset: { from: '#c2452d', to: '#f6b352' },
  grape: { from: '#4b2a7b', to: '#b07cd8' },
  slate: { from: '#2f3b4c', to: '#7d8ea3' },
  berry: { from: '#8e1b4f', to: '#f07aa0' },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

const WHITE: Rgb = [255, 255, 255];

/**
 * A 640×320 banner: a diagonal gradient with a few soft circles, the headline in large pixel letters
 * (at most three lines) and a smaller caption under it. Deterministic: the same words give the same file.
 */
export function banner(input: { headline: string; caption?: string; palette: PaletteName }): Buffer {
  const { from, to } = PALETTES[input.palette];
  const canvas = gradientCanvas(640, 320, rgb(from), rgb(to));
  const seed = [...input.headline].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) >>> 0, 7);
  for (let index = 0; index < 5; index++) {
    const x = (seed >>> (index * 3)) % 640;
    const y = ((seed >>> (index * 5)) * 7) % 320;
    canvas.circle(x, y, 40 + ((seed >>> index) % 90), WHITE, 0.12);
  }

  const scale = 5;
  const lines = wrap(input.headline, 18).slice(0, 3);
  const lineHeight = (GLYPH_HEIGHT + 3) * scale;
  const captionHeight = input.caption ? (GLYPH_HEIGHT + 4) * 2 : 0;
  let y = Math.round((320 - lines.length * lineHeight - captionHeight) / 2);
  canvas.fill(0, y - 16, 12, lines.length * lineHeight + captionHeight + 24, WHITE, 0.85);
  for (const line of lines) {
    drawText(canvas, line, 40, y, scale, WHITE);
    y += lineHeight;
  }
  if (input.caption) drawText(canvas, wrap(input.caption, 48)[0] ?? '', 40, y + 4, 2, WHITE);
  return canvas.toPng();
}

/** A 192×192 profile photo: the initials on a coloured disc. */
export function avatar(input: { initials: string; palette: PaletteName }): Buffer {
  const { from, to } = PALETTES[input.palette];
  const canvas = new Canvas(192, 192, rgb('#f4f1ea'));
  for (let y = 6; y < 186; y++) {
    for (let x = 6; x < 186; x++) {
      const distance = Math.hypot(x - 96, y - 96);
      if (distance <= 90) canvas.set(x, y, mix(rgb(to), rgb(from), distance / 90));
    }
  }
  const initials = input.initials.slice(0, 2);
  const scale = 9;
  drawText(canvas, initials, Math.round(96 - textWidth(initials, scale) / 2), Math.round(96 - (GLYPH_HEIGHT * scale) / 2), scale, WHITE);
  return canvas.toPng();
}

function gradientCanvas(width: number, height: number, from: Rgb, to: Rgb): Canvas {
  const canvas = new Canvas(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = mix(from, to, (x / width + y / height) / 2);
      const at = (y * width + x) * 3;
      canvas.pixels[at] = red;
      canvas.pixels[at + 1] = green;
      canvas.pixels[at + 2] = blue;
    }
  }
  return canvas;
}
