/**
 * The spec's rendering of AI output (the resume review page's): `**bold**` markers become strong
 * text, lines starting with `- ` or `* ` become bullet lists, and a paragraph that does not end with a
 * colon is followed by a line break, and `[Title](/job/<id>)` links to a posting's page. Everything
 * else is literal text: the result is plain data that a view renders as text nodes, so HTML, scripts
 * and links anywhere else in a model's answer are shown, never interpreted.
 */

/** A run of text, strong when it stood between `**` markers. @public */
export interface AiSpan {
  text: string;
  strong: boolean;
  /**
   * Set when the run links to a posting: always the portal's relative path `/job/<id>`, never another
   * address, since a model (or a poster's text it repeats) must not be able to point students elsewhere.
   */
  href?: string;
}

/** @public */
export interface AiParagraph {
  kind: 'paragraph';
  spans: AiSpan[];
  /** True unless the paragraph ends with a colon (it then introduces what follows). */
  lineBreakAfter: boolean;
}

/** @public */
export interface AiBulletList {
  kind: 'list';
  items: AiSpan[][];
}

/** @public */
export type AiBlock = AiParagraph | AiBulletList;

const BULLET = /^\s*[-*•]\s+(.*)$/;
// Models write headings even when asked not to; they read best as a strong line.
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** Splits AI output into paragraphs and bullet lists with strong spans. @public */
export function parseAiMarkdown(text: string): AiBlock[] {
  const blocks: AiBlock[] = [];
  let list: AiBulletList | undefined;
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trimEnd();
    if (line.trim() === '') {
      list = undefined;
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      if (!list) {
        list = { kind: 'list', items: [] };
        blocks.push(list);
      }
      list.items.push(parseSpans(bullet[1] as string));
      continue;
    }
    list = undefined;
    const heading = HEADING.exec(line);
    const content = heading ? (heading[1] as string).replace(/^\*\*(.*)\*\*$/, '$1') : line.trim();
    const spans = heading ? [{ text: content, strong: true }] : parseSpans(content);
    blocks.push({ kind: 'paragraph', spans, lineBreakAfter: !content.endsWith(':') });
  }
  return blocks;
}

// Appwrite's ids: up to 36 letters, digits, periods, hyphens and underscores, not starting with a special character.
const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const JOB_LINK = /\[([^[\]\n]+)\]\(\/job\/([A-Za-z0-9][A-Za-z0-9._-]{0,35})\)/g;
// `[**Title**](/job/id)` means the same as `**[Title](/job/id)**`; the bold pass runs first, so it is rewritten to that.
const BOLD_LINK_TEXT = /\[\*\*([^[\]\n]+?)\*\*\]\((\/job\/[^)\s]*)\)/g;

/**
 * `[title](/job/<id>)` for the AI markdown subset: brackets and bold markers in the title are
 * softened so the link reads back as one span; an id that is no posting id gives the plain title.
 * @public
 */
export function aiJobLink(title: string, jobId: string): string {
  const text = title
    .replace(/\s+/g, ' ')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/\*{2,}/g, '*')
    .trim();
  return JOB_ID.test(jobId) ? `[${text}](/job/${jobId})` : text;
}

/** `a **b** c [d](/job/1)` → a, strong b, c, a link d to /job/1. An unmatched `**` and any other link stay literal text. */
export function parseSpans(text: string): AiSpan[] {
  const spans: AiSpan[] = [];
  const pushText = (value: string, strong: boolean): void => {
    if (value === '') return;
    const last = spans[spans.length - 1];
    if (last && last.strong === strong && last.href === undefined) last.text += value;
    else spans.push({ text: value, strong });
  };
  const push = (value: string, strong: boolean): void => {
    let start = 0;
    for (const link of value.matchAll(JOB_LINK)) {
      pushText(value.slice(start, link.index), strong);
      spans.push({ text: link[1] as string, strong, href: `/job/${link[2] as string}` });
      start = link.index + link[0].length;
    }
    pushText(value.slice(start), strong);
  };
  let rest = text.replace(BOLD_LINK_TEXT, '**[$1]($2)**');
  for (;;) {
    const open = rest.indexOf('**');
    const close = open < 0 ? -1 : rest.indexOf('**', open + 2);
    if (open < 0 || close < 0) {
      push(rest, false);
      return spans;
    }
    push(rest.slice(0, open), false);
    const inner = rest.slice(open + 2, close);
    if (inner.trim() === '') push(rest.slice(open, close + 2), false);
    else push(inner, true);
    rest = rest.slice(close + 2);
  }
}

/** The text of the blocks without markers, one line per paragraph or item (for screen readers, tests, logs). @public */
export function aiPlainText(blocks: readonly AiBlock[]): string {
  const line = (spans: readonly AiSpan[]): string => spans.map((span) => span.text).join('');
  return blocks.flatMap((block) => (block.kind === 'paragraph' ? [line(block.spans)] : block.items.map((item) => `• ${line(item)}`))).join('\n');
}
