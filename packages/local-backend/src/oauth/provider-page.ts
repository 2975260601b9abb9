/** What the local identity provider's sign-in page shows. */
export interface ProviderPageInput {
  providerName: string;
  /** Where the form posts: the OAuth2 callback path of this server. */
  callbackPath: string;
  /** The sealed login state, carried through the form unchanged. */
  state: string;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The development stand-in for a provider's consent screen: self-contained HTML (no external
 * assets, works offline), every control labelled, every value escaped. A developer types an
 * address; nothing is verified, which is why the page says so plainly. It lists no accounts: the
 * page must not tell anyone which addresses have one.
 */
export function renderProviderPage(input: ProviderPageInput): string {
  const provider = escapeHtml(input.providerName);
  const cancelQuery = new URLSearchParams({
    state: input.state,
    error: 'access_denied',
    error_description: 'The user cancelled the sign-in.',
  });
  const cancelHref = escapeHtml(`${input.callbackPath}?${cancelQuery.toString()}`);
  const action = escapeHtml(input.callbackPath);
  const state = escapeHtml(input.state);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in with ${provider} (local identity provider)</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; padding: 2rem 1rem; background: Canvas; color: CanvasText; }
  main { max-width: 30rem; margin: 0 auto; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
  .note { border-left: 4px solid #b45309; padding: 0.5rem 0.75rem; background: color-mix(in srgb, #b45309 12%, Canvas); }
  button, input { font: inherit; }
  label { display: block; font-weight: 600; margin-top: 0.75rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid #6b7280; border-radius: 0.375rem; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1rem; }
  .primary { padding: 0.5rem 1.25rem; border: 0; border-radius: 0.375rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  a { color: LinkText; }
  :focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Sign in with ${provider}</h1>
<p class="note">This is the local identity provider, the development stand-in for ${provider}.
It answers only on this machine. The address you type is treated as signed in by ${provider}, with its
e-mail address verified. It opens only accounts it created itself or that were linked to it while signed in:
for any other account, sign in with its password or use "Forgot password?".</p>
<form method="post" action="${action}">
<input type="hidden" name="state" value="${state}">
<h2>Choose an e-mail address</h2>
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<label for="name">Name (optional, for a new account)</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="128">
<div class="actions">
<button class="primary" type="submit">Continue</button>
<a href="${cancelHref}">Cancel</a>
</div>
</form>
</main>
</body>
</html>
`;
}
