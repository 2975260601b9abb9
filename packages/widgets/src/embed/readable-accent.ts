/**
 * Keeps a school's accent colour readable (WCAG 2 AA) on the board's theme: text on an accent button
 * takes whichever of white and black reads better on it, and accent-coloured text (links, Back) is
 * moved towards white on a dark surface, or black on a light one, until it reads at 4.5:1.
 */

export type Rgb = readonly [red: number, green: number, blue: number];

/** WCAG's contrast ratio for normal-size text. */
export const AA_TEXT = 4.5;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG 2's relative luminance of an sRGB colour. */
export function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21. */
export function contrast(one: Rgb, other: Rgb): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((channel, index) => Math.round(channel + (to[index]! - channel) * share)) as unknown as Rgb;

export const cssRgb = ([red, green, blue]: Rgb): string => `rgb(${red}, ${green}, ${blue})`;

/** The colours the board derives from its accent on its surface. */
export interface ReadableAccent {
  /** Text on the accent (buttons): white or black, whichever reads better (always at least 4.58:1). */
  onAccent: Rgb;
  /** Accent-coloured text and focus rings on the surface, moved only as far as AA needs. */
  text: Rgb;
}

export function readableAccent(accent: Rgb, surface: Rgb): ReadableAccent {
  const onAccent = contrast(accent, WHITE) >= contrast(accent, BLACK) ? WHITE : BLACK;
  const towards = luminance(surface) < 0.18 ? WHITE : BLACK;
  let text = accent;
  for (let step = 1; contrast(text, surface) < AA_TEXT && step <= 20; step += 1) text = mix(accent, towards, step / 20);
  return { onAccent, text };
}
