import { deflateSync } from 'node:zlib';

/** An RGB picture in memory: `width × height` pixels, three bytes each, row by row. */
export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  /** Paints one pixel, blending `alpha` (0..1) of `color` over what is there; outside the canvas is ignored. */
  set(x: number, y: number, color: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    for (let channel = 0; channel < 3; channel++) {
      const below = this.pixels[at + channel] as number;
      this.pixels[at + channel] = Math.round(below + ((color[channel] as number) - below) * alpha);
    }
  }

  fill(x: number, y: number, width: number, height: number, color: Rgb, alpha = 1): void {
    for (let row = y; row < y + height; row++) {
      for (let column = x; column < x + width; column++) this.set(column, row, color, alpha);
    }
  }

  circle(centerX: number, centerY: number, radius: number, color: Rgb, alpha = 1): void {
    for (let row = Math.floor(centerY - radius); row <= centerY + radius; row++) {
      for (let column = Math.floor(centerX - radius); column <= centerX + radius; column++) {
        if ((column - centerX) ** 2 + (row - centerY) ** 2 <= radius ** 2) this.set(column, row, color, alpha);
      }
    }
  }

  /** The picture as a PNG file (8-bit truecolour, no interlace). */
  toPng(): Buffer {
    const stride = this.width * 3;
    // Each scanline starts with its filter type; 0 ("none") keeps the encoder trivial, deflate does the rest.
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let row = 0; row < this.height; row++) {
      raw[row * (stride + 1)] = 0;
      raw.set(this.pixels.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
  }
}

export type Rgb = readonly [number, number, number];

/** `#rrggbb` to an RGB triple. */
export function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour `t` (0..1) of the way from `from` to `to`. */
export function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return [Math.round(from[0] + (to[0] - from[0]) * t), Math.round(from[1] + (to[1] - from[1]) * t), Math.round(from[2] + (to[2] - from[2]) * t)];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 255] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
