/** A small SVG picture as a data URL, so stories show images without any network. */
export function placeholderImage(label: string, hue = 220): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="hsl(${hue} 60% 85%)"/><circle cx="230" cy="80" r="34" fill="hsl(${hue} 55% 70%)"/><path d="M0 240 L110 120 L200 210 L250 160 L320 240 Z" fill="hsl(${hue} 45% 55%)"/><text x="16" y="36" font-family="sans-serif" font-size="22" fill="hsl(${hue} 50% 20%)">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
