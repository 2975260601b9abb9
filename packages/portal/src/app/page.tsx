import { useEffect, type ReactNode } from 'react';

interface PageProps {
  /** The browser tab's title, and the page's heading unless `heading` says otherwise. */
  title: string;
  /**
   * `visible` (default): the title is the page's h1. `hidden`: the h1 is for screen readers only.
   * `own`: the content renders the h1 itself (a widget's, or the welcome page's headline).
   */
  heading?: 'visible' | 'hidden' | 'own';
  /** A narrow column, for forms. */
  narrow?: boolean;
  children: ReactNode;
}

/** One page of the portal: its title in the tab and one h1. */
export function Page({ title, heading = 'visible', narrow = false, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Opportunity Kit`;
  }, [title]);
  return (
    <div className={narrow ? 'portal-page portal-page--narrow' : 'portal-page'}>
      {heading !== 'own' && <h1 className={heading === 'hidden' ? 'ok-visually-hidden' : 'portal-page__title'}>{title}</h1>}
      {children}
    </div>
  );
}
