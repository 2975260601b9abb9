/**
 * Rendered previews, as Appwrite keeps them in its cache (answered with `X-Appwrite-Cache: hit`): keyed by
 * the file's identity and content and by the options asked, bounded by total size, least recently used out.
 */
export interface CachedPreview {
  data: Buffer;
  contentType: string;
}

const MAX_BYTES = 64 * 1024 * 1024;

export class PreviewCache {
  private readonly entries = new Map<string, CachedPreview>();
  private bytes = 0;

  get(key: string): CachedPreview | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Re-inserted so the Map's order stays least recently used first.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, preview: CachedPreview): void {
    if (preview.data.length > MAX_BYTES) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.data.length;
    }
    this.entries.set(key, preview);
    this.bytes += preview.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }
}
