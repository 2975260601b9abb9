/**
 * The e-mail facts Appwrite 1.9 adds to the User model (`emailCanonical`, `emailIsFree`,
 * `emailIsDisposable`, `emailIsCorporate`, `emailIsCanonical`), derived as utopia-php/emails derives
 * them: providers that ignore sub-addresses or dots share one canonical address. Appwrite only
 * reports them unless a cloud plan enforces them, so the lists here are the common providers, not
 * Appwrite's full data files. An account without an address has none (null).
 */
export interface EmailMetadata {
  emailCanonical: string | null;
  emailIsFree: boolean | null;
  emailIsDisposable: boolean | null;
  emailIsCorporate: boolean | null;
  emailIsCanonical: boolean | null;
}

type LocalRule = 'plus-and-dots' | 'plus' | 'hyphen' | 'none';

const PROVIDERS: ReadonlyArray<{ domains: readonly string[]; canonical: string; rule: LocalRule }> = [
  { domains: ['gmail.com', 'googlemail.com'], canonical: 'gmail.com', rule: 'plus-and-dots' },
  {
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com', 'hotmail.co.uk', 'outlook.co.uk', 'live.co.uk', 'hotmail.fr', 'hotmail.de'],
    canonical: 'outlook.com',
    rule: 'plus',
  },
  {
    domains: ['yahoo.com', 'yahoo.co.uk', 'yahoo.ca', 'yahoo.de', 'yahoo.fr', 'yahoo.in', 'yahoo.it', 'ymail.com', 'rocketmail.com'],
    canonical: 'yahoo.com',
    rule: 'hyphen',
  },
  { domains: ['icloud.com', 'me.com', 'mac.com'], canonical: 'icloud.com', rule: 'plus' },
  { domains: ['protonmail.com', 'proton.me', 'pm.me'], canonical: 'protonmail.com', rule: 'none' },
  { domains: ['fastmail.com', 'fastmail.fm'], canonical: 'fastmail.com', rule: 'none' },
  { domains: ['walla.co.il', 'walla.com'], canonical: 'walla.co.il', rule: 'none' },
];

const FREE = new Set<string>([
  ...PROVIDERS.flatMap((provider) => provider.domains),
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'mail.com',
  'mail.ru',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'web.de',
  'qq.com',
  '163.com',
  'tutanota.com',
  'hey.com',
]);

const DISPOSABLE = new Set<string>([
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  '10minutemail.com',
  'temp-mail.org',
  'tempmail.com',
  'yopmail.com',
  'trashmail.com',
  'sharklasers.com',
  'dispostable.com',
  'getnada.com',
  'maildrop.cc',
  'throwawaymail.com',
  'fakeinbox.com',
]);

function canonicalLocal(local: string, rule: LocalRule): string {
  switch (rule) {
    case 'plus-and-dots':
      return (local.split('+')[0] ?? '').replaceAll('.', '');
    case 'plus':
      return local.split('+')[0] ?? '';
    case 'hyphen':
      return local.includes('-') ? local.slice(0, local.lastIndexOf('-')) : local;
    case 'none':
      return local;
  }
}

export function emailMetadata(email: string): EmailMetadata {
  const address = email.trim().toLowerCase();
  const at = address.indexOf('@');
  if (!address || at <= 0 || at !== address.lastIndexOf('@') || at === address.length - 1) {
    return { emailCanonical: null, emailIsFree: null, emailIsDisposable: null, emailIsCorporate: null, emailIsCanonical: null };
  }
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const provider = PROVIDERS.find((candidate) => candidate.domains.includes(domain));
  const reduced = provider ? canonicalLocal(local, provider.rule) : local;
  const canonical = `${reduced || local}@${provider?.canonical ?? domain}`;
  const disposable = DISPOSABLE.has(domain);
  const free = FREE.has(domain) && !disposable;
  return {
    emailCanonical: canonical,
    emailIsFree: free,
    emailIsDisposable: disposable,
    emailIsCorporate: !free && !disposable,
    emailIsCanonical: canonical === address,
  };
}
