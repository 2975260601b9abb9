/** A member's photo, or the first letter of their name on a coloured disc when they have none. Decorative: the name is always beside it. */
export function ProfilePhoto({ url, name, className }: { url: string | null; name: string; className: string }) {
  return url ? (
    <img className={className} src={url} alt="" width={96} height={96} loading="lazy" />
  ) : (
    <span className={className} data-state="initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
