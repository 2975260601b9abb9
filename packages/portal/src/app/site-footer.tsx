import { Link } from 'react-router';
import { contactAddress } from './contact-address.ts';
import './site-footer.css';

/**
 * On every page, signed in or not (issue 25): where the privacy notice, the terms and the help are, and
 * whom to write to. The three pages are lazy routes; only these four links weigh on the first page.
 */
export function SiteFooter() {
  return (
    <footer className="portal-footer">
      <nav aria-label="Footer">
        <ul className="portal-footer__links">
          <li>
            <Link to="/privacy">Privacy notice</Link>
          </li>
          <li>
            <Link to="/terms">Terms of use</Link>
          </li>
          <li>
            <Link to="/help">Help</Link>
          </li>
          <li>
            <a href={`mailto:${contactAddress()}`}>Contact</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
