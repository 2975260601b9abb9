import { Page } from '../app/page.tsx';
import { contactAddress } from '../app/contact-address.ts';
import help from '../../content/help.md?raw';
import privacy from '../../content/privacy.md?raw';
import terms from '../../content/terms.md?raw';
import { markdownTitle, SimpleMarkdown } from './simple-markdown.tsx';
import './document-page.css';

/** The three documents a school edits in `packages/portal/content/`, each on its own public page. */
const DOCUMENTS = {
  privacy: { source: privacy, fallbackTitle: 'Privacy notice' },
  terms: { source: terms, fallbackTitle: 'Terms of use' },
  help: { source: help, fallbackTitle: 'Help' },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;

/**
 * /privacy, /terms and /help, for members and visitors alike. `{{contact}}` in a file becomes the
 * portal's contact address as a mail link, so a school sets the address once (`VITE_CONTACT_EMAIL`).
 */
export function DocumentPage({ document }: { document: DocumentName }) {
  const { source, fallbackTitle } = DOCUMENTS[document];
  const address = contactAddress();
  const text = source.replaceAll('{{contact}}', `[${address}](mailto:${address})`);
  return (
    <Page title={markdownTitle(source, fallbackTitle)}>
      <div className="portal-document">
        <SimpleMarkdown source={text} />
      </div>
    </Page>
  );
}
