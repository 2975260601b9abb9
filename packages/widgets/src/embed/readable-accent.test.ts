import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, readableAccent, type Rgb } from './readable-accent.ts';

const DARK_SURFACE: Rgb = [22, 27, 38];
const LIGHT_SURFACE: Rgb = [255, 255, 255];

describe('readableAccent', () => {
  it("lifts the README's green to AA on the dark theme, and leaves the button's colour alone", () => {
    const green: Rgb = [10, 125, 85];
    expect(contrast(green, DARK_SURFACE)).toBeLessThan(AA_TEXT);
    const { text, onAccent } = readableAccent(green, DARK_SURFACE);
    expect(contrast(text, DARK_SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(onAccent, green)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps an accent that already reads well as it is', () => {
    const blue: Rgb = [36, 86, 227];
    expect(readableAccent(blue, LIGHT_SURFACE).text).toEqual(blue);
  });

  it('reaches AA for every accent on both themes, text on the accent included', () => {
    for (let red = 0; red <= 255; red += 51) {
      for (let green = 0; green <= 255; green += 51) {
        for (let blue = 0; blue <= 255; blue += 51) {
          const accent: Rgb = [red, green, blue];
          for (const surface of [DARK_SURFACE, LIGHT_SURFACE]) {
            const { text, onAccent } = readableAccent(accent, surface);
            expect(contrast(text, surface), `${accent} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT);
            expect(contrast(onAccent, accent), `text on ${accent}`).toBeGreaterThanOrEqual(AA_TEXT);
          }
        }
      }
    }
  });
});
