import type { Canvas, Rgb } from './png.ts';

/**
 * A 5×7 bitmap font (upper-case letters, digits and a little punctuation), so the generated banners
 * and avatars carry readable words without any font file. Each glyph is seven rows of five bits,
 * written as two hex digits per row, top row first, leftmost pixel the highest bit.
 */
// prettier-ignore
const GLYPHS: Readonly<Record<string, string>> = {
  A: '0e1111111f1111', B: '1e11111e11111e', C: '0e11101010110e', D: '1c12111111121c', E: '1f10101e10101f',
  F: '1f10101e101010', G: '0e11101711110f', H: '1111111f111111', I: '0e04040404040e', J: '0702020202120c',
  K: '11121418141211', L: '1010101010101f', M: '111b1515111111', N: '11111915131111', O: '0e11111111110e',
  P: '1e11111e101010', Q: '0e11111115120d', R: '1e11111e141211', S: '0f10100e01011e', T: '1f040404040404',
  U: '1111111111110e', V: '11111111110a04', W: '1111111515150a', X: '11110a040a1111', Y: '1111110a040404',
  Z: '1f01020408101f', '0': '0e11131519110e', '1': '040c040404040e', '2': '0e11010204081f', '3': '1f02040201110e',
  '4': '02060a121f0202', '5': '1f101e0101110e', '6': '0608101e11110e', '7': '1f010204080808', '8': '0e11110e11110e',
  '9': '0e11110f01020c', ' ': '00000000000000', '-': '0000001f000000', '&': '0c12140815120d', '!': '04040404040004',
  '.': '00000000000c0c', "'": '0c040800000000', '+': '0004041f040400', '/': '00010204081000', ',': '000000000c0408',
  ':': '000c0c000c0c00', '$': '040f140e051e04', '#': '0a0a1f0a1f0a0a',
};

/** Rows of bits per character; unknown characters draw as a blank. */
function glyph(character: string): number[] {
  const hex = GLYPHS[character] ?? '00000000000000';
  return Array.from({ length: 7 }, (_, row) => Number.parseInt(hex.slice(row * 2, row * 2 + 2), 16));
}

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Width in pixels of `text` at `scale` (one blank column between letters). */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** Draws `text` (upper-cased) with its top-left corner at (x, y), each font pixel a `scale`-sized square. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, scale: number, color: Rgb): void {
  [...text.toUpperCase()].forEach((character, index) => {
    const rows = glyph(character);
    const left = x + index * (GLYPH_WIDTH + 1) * scale;
    rows.forEach((bits, row) => {
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        if (bits & (1 << (GLYPH_WIDTH - 1 - column))) canvas.fill(left + column * scale, y + row * scale, scale, scale, color);
      }
    });
  });
}

/** Breaks `text` into lines of at most `maxChars` characters, at spaces where possible. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) line = candidate;
    else {
      if (line) lines.push(line);
      line = word.slice(0, maxChars);
    }
  }
  if (line) lines.push(line);
  return lines;
}
