import { effect } from '@preact/signals-react';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LOCATIONS, POSTING_TYPES, type PostingType } from '@opportunity-kit/sdk/domain';
import { createPublicClient } from '@opportunity-kit/sdk/public';
import { Board } from './board.tsx';
import { createBoardController } from './board-controller.ts';
import { createBoardModel, type BoardActions } from './board-model.ts';
import { applyUrl } from './format.ts';
import { jobPostingJson } from './job-posting-ld.ts';
import defaultTokens from '../theme/tokens.css?inline';
import styles from './opportunity-board.css?inline';

/**
 * `<opportunity-board>`: the school website's job board, one script tag, public postings only.
 *
 *   <opportunity-board endpoint="https://appwrite.example/v1" project="opportunity-kit"
 *     portal-url="https://portal.example" posting-type="Job" accent="#0a7d55" font="Georgia, serif">
 *
 * It renders in shadow DOM (the page's CSS cannot break it, but `--ok-*` custom properties the page sets
 * on the element or any ancestor inherit into it, over the defaults it puts on the document), reads through
 * `@opportunity-kit/sdk/public`, and writes the open posting's schema.org JobPosting into its light
 * DOM for crawlers. A link to `#opportunity=<id>` opens that posting.
 */

const HASH = /^#opportunity=([\w.-]{1,36})$/;
const TOKENS_MARK = 'data-opportunity-kit-tokens';

/**
 * Puts the tokens' defaults on the page's document once, first in its head, under `:where(:root)`: no
 * specificity, so any value the page sets (on `:root`, `body`, the element) wins and inherits into the
 * shadow root. On the element's own host they would shadow the page's values instead.
 */
function addDefaultTokens(page: Document): void {
  if (page.head.querySelector(`style[${TOKENS_MARK}]`)) return;
  const style = page.createElement('style');
  style.setAttribute(TOKENS_MARK, '');
  style.textContent = defaultTokens;
  page.head.prepend(style);
}

export class OpportunityBoardElement extends HTMLElement {
  static observedAttributes = ['endpoint', 'project', 'posting-type', 'portal-url', 'accent', 'font', 'theme', 'locations'];

  private root: Root | undefined;
  private frame: HTMLDivElement | undefined;
  private teardown: (() => void) | undefined;

  connectedCallback(): void {
    addDefaultTokens(this.ownerDocument);
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = styles;
      this.frame = document.createElement('div');
      this.frame.className = 'ok-board';
      shadow.append(style, this.frame);
    }
    this.start();
  }

  disconnectedCallback(): void {
    this.stop();
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    // An element upgraded in place gets one call per attribute before connectedCallback: that one starts it.
    if (!this.frame || !this.isConnected || before === after) return;
    if (name === 'accent' || name === 'font' || name === 'theme') this.applyTheme();
    else this.start();
  }

  private applyTheme(): void {
    const frame = this.frame!;
    frame.style.setProperty('--ok-color-accent', this.getAttribute('accent'));
    frame.style.setProperty('--ok-color-focus', this.getAttribute('accent'));
    frame.style.setProperty('--ok-font-family', this.getAttribute('font'));
    if (this.getAttribute('theme') === 'dark') frame.setAttribute('data-ok-theme', 'dark');
    else frame.removeAttribute('data-ok-theme');
  }

  private start(): void {
    this.stop();
    this.applyTheme();
    const endpoint = this.getAttribute('endpoint');
    const project = this.getAttribute('project');
    const frame = this.frame!;
    if (!endpoint || !project) {
      frame.textContent = 'The opportunity board needs its endpoint and project attributes.';
      return;
    }
    frame.textContent = '';
    const type = this.getAttribute('posting-type');
    const postingType = (POSTING_TYPES as readonly string[]).includes(type ?? '') ? (type as PostingType) : '';
    const locations =
      this.getAttribute('locations')
        ?.split(',')
        .map((place) => place.trim())
        .filter(Boolean) ?? LOCATIONS;
    const portalUrl = this.getAttribute('portal-url') ?? undefined;

    const client = createPublicClient({ endpoint, project });
    const model = createBoardModel({ search: '', postingType, location: '' });
    const controller = createBoardController(client, model);
    const stopData = effect(() =>
      this.writeStructuredData(
        model.detail.value.status === 'ready' ? jobPostingJson(model.detail.value.job, applyUrl(portalUrl, model.detail.value.job.id)) : null,
      ),
    );
    const stopLinks = this.followLinks(controller.actions);
    // The board starts the controller when it mounts and stops it when `stop()` unmounts it.
    this.root = createRoot(frame);
    this.root.render(createElement(Board, { controller, client, locations, portalUrl }));
    this.teardown = () => {
      stopData();
      stopLinks();
    };
  }

  private stop(): void {
    this.teardown?.();
    this.teardown = undefined;
    this.root?.unmount();
    this.root = undefined;
    this.writeStructuredData(null);
  }

  /** Crawlers read JSON-LD anywhere in the document; the light DOM keeps it with this board. */
  private writeStructuredData(json: string | null): void {
    let script = this.querySelector<HTMLScriptElement>(':scope > script[data-opportunity-board]');
    if (json === null) return script?.remove();
    if (!script) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.dataset.opportunityBoard = '';
      this.append(script);
    }
    script.textContent = json;
  }

  /** Opens the posting a `#opportunity=<id>` link names, now and whenever the hash changes. */
  private followLinks(actions: Pick<BoardActions, 'openById'>): () => void {
    const follow = () => {
      const id = HASH.exec(location.hash)?.[1];
      if (id) actions.openById(id);
    };
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }
}

if (!customElements.get('opportunity-board')) customElements.define('opportunity-board', OpportunityBoardElement);
