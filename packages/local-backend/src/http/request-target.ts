/**
 * The URL of a request as this server reads it: its target is a path on this server (origin-form,
 * `/v1/...`), so it is resolved against a fixed origin as a path. A target such as `//` or `//host/x`
 * is a path too, never another host (`new URL('//', base)` would read it as a host and throw).
 * Answers undefined for a target that is no path and no absolute URL (`*`, garbage).
 */
export function requestUrl(target: string | undefined): URL | undefined {
  const raw = target ?? '/';
  try {
    return raw.startsWith('/') ? new URL(`http://local${raw}`) : new URL(raw);
  } catch {
    return undefined;
  }
}
