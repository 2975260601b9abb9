import { describe, expect, it } from 'vitest';
import { rotatedSize } from './preview-image.ts';

describe('rotatedSize', () => {
  // Sizes ImageMagick 6.9 (PHP Imagick's rotateImage, as Appwrite renders previews) gives these turns.
  it.each([
    [300, 100, 45, 284, 284],
    [300, 100, -315, 284, 284],
    [300, 300, 30, 412, 412],
    [200, 80, 10, 212, 116],
    [123, 45, 45, 121, 121],
    [100, 100, 90, 100, 100],
    [200, 80, 270, 80, 200],
  ])('turns %ix%i by %i° into %ix%i', (width, height, degrees, expectedWidth, expectedHeight) => {
    expect(rotatedSize({ width, height }, degrees)).toEqual({ width: expectedWidth, height: expectedHeight });
  });
});
