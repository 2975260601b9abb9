import { effect } from '@preact/signals-react';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LOCATIONS, POSTING_TYPES, type PostingType } from '@opportunity-kit/sdk/domain';
import { createPublicClient } from '@opportunity-kit/sdk/public';
import { Board } from './board.tsx';
import { createBoardController } from './board-controller.ts';
import { createBoardModel, type BoardActions, type BoardModel, type BoardState } from './board-model.ts';
import { applyUrl, headingLevelOf } from './format.ts';
import { jobPostingJson } from './job-posting-ld.ts';
import { cssRgb, readableAccent, type Rgb } from './readable-accent.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
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
 * DOM for crawlers.
 *
 * Every posting has its own address on the school's page, `?opportunity=<id>`: each card links to it,
 * opening one adds it to the browser's history (Back, and Escape, return to the list), and loading it
 * opens that posting with its JobPosting data, with no click. A crawler that follows a card's link reads
 * one posting per page, as Google indexes them. Older `#opportunity=<id>` links still open theirs.
 */

const PARAM = 'opportunity';
const POSTING_ID = /^[\w.-]{1,36}$/;
const HASH = /^#opportunity=([\w.-]{1,36})$/;
/** Marks the history entries the board added, so closing a posting goes back to the list's entry. */
const HISTORY_KEY = 'opportunityBoard';

/** The posting this page's address names, if any. */
function linkedPostingId(): string | undefined {
  const id = new URLSearchParams(location.search).get(PARAM) ?? HASH.exec(location.hash)?.[1];
  return id && POSTING_ID.test(id) ? id : undefined;
}

/** This page's address for one posting, or for the list (`null`). */
function pageHref(id: string | null): string {
  const url = new URL(location.href);
  if (HASH.test(url.hash)) url.hash = '';
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  return url.href;
}

/** The page's colour, as `rgb()` channels, or undefined when it is not one (a canvas normalises any CSS colour). */
function rgbOf(colour: string): Rgb | undefined {
  if (!colour || !CSS.supports('color', colour)) return undefined;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  context.fillStyle = colour;
  const hex = /^#(\w\w)(\w\w)(\w\w)$/.exec(context.fillStyle);
  return hex ? [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)] : undefined;
}
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
  static observedAttributes = ['endpoint', 'project', 'posting-type', 'portal-url', 'accent', 'font', 'theme', 'locations', 'heading-level'];

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

  /**
   * The theme attributes, kept readable: an `accent` that is not a colour leaves the default (it would
   * otherwise blank the buttons), and whatever the accent (the attribute's or the page's token), text on
   * it and accent-coloured text on the surface read at WCAG AA in either theme.
   */
  private applyTheme(): void {
    const frame = this.frame!;
    const asked = this.getAttribute('accent');
    const accent = asked && rgbOf(asked) ? asked : null;
    if (asked && !accent) console.warn(`<opportunity-board>: accent="${asked}" is not a CSS colour; the default accent is used.`);
    for (const derived of ['--ok-color-accent-contrast', '--ok-color-focus', '--ok-board-accent-text']) frame.style.removeProperty(derived);
    frame.style.setProperty('--ok-color-accent', accent);
    frame.style.setProperty('--ok-font-family', this.getAttribute('font'));
    if (this.getAttribute('theme') === 'dark') frame.setAttribute('data-ok-theme', 'dark');
    else frame.removeAttribute('data-ok-theme');
    const tokens = getComputedStyle(frame);
    const accentRgb = rgbOf(tokens.getPropertyValue('--ok-color-accent').trim());
    const surfaceRgb = rgbOf(tokens.getPropertyValue('--ok-color-surface').trim());
    if (!accentRgb || !surfaceRgb) return;
    const readable = readableAccent(accentRgb, surfaceRgb);
    frame.style.setProperty('--ok-color-accent-contrast', cssRgb(readable.onAccent));
    frame.style.setProperty('--ok-board-accent-text', cssRgb(readable.text));
    if (accent) frame.style.setProperty('--ok-color-focus', cssRgb(readable.text));
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
    const routed = this.followAddress(controller, model);
    // The board starts the controller when it mounts and stops it when `stop()` unmounts it.
    this.root = createRoot(frame);
    this.root.render(
      createElement(Board, {
        controller: { ...controller, actions: routed.actions },
        client,
        locations,
        portalUrl,
        postingHref: (job) => pageHref(job.id),
        headingLevel: headingLevelOf(this.getAttribute('heading-level')),
      }),
    );
    this.teardown = () => {
      stopData();
      routed.stop();
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

  /**
   * Keeps the open posting and the page's address together: opening one adds its address to the history,
   * closing goes back to the list's entry, and the address the page loads with, or that Back and Forward
   * (or a `#opportunity=` link) bring, opens its posting or the list.
   */
  private followAddress(controller: WidgetController<BoardState, BoardActions>, model: BoardModel): { actions: BoardActions; stop(): void } {
    const { actions } = controller;
    const follow = () => {
      const id = linkedPostingId();
      const shown = model.detail.value;
      if (!id) {
        if (shown.status !== 'closed') actions.close();
        return;
      }
      if (shown.status === 'ready' && shown.job.id === id) return;
      const listed = model.items.value.find((job) => job.id === id);
      if (listed) actions.open(listed);
      else actions.openById(id);
    };
    const routed: BoardActions = {
      ...actions,
      open(job) {
        if (linkedPostingId() !== job.id) history.pushState({ [HISTORY_KEY]: job.id }, '', pageHref(job.id));
        actions.open(job);
      },
      close() {
        // Back to the list's own entry when the board added this one; a posting the page was loaded with has none.
        if ((history.state as Record<string, unknown> | null)?.[HISTORY_KEY]) return history.back();
        history.replaceState(history.state, '', pageHref(null));
        actions.close();
      },
    };
    follow();
    addEventListener('popstate', follow);
    addEventListener('hashchange', follow);
    return {
      actions: routed,
      stop() {
        removeEventListener('popstate', follow);
        removeEventListener('hashchange', follow);
      },
    };
  }
}

if (!customElements.get('opportunity-board')) customElements.define('opportunity-board', OpportunityBoardElement);
