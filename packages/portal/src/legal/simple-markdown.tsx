import { Fragment, type ReactNode } from 'react';

/**
 * The small part of Markdown a school uses to edit its privacy notice, terms and help: `#`–`###`
 * headings, paragraphs, `-` lists, `**bold**` and `[links](…)`. It builds React elements (never HTML
 * strings), so nothing in the files can inject markup. Blank lines separate blocks; a list item may run
 * over several indented lines. The first `#` heading is left out: the page shows its own title.
 */
export function SimpleMarkdown({ source }: { source: string }) {
  return <>{blocks(source).map(renderBlock)}</>;
}

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

function blocks(source: string): Block[] {
  const result: Block[] = [];
  for (const chunk of source.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]!);
    if (heading) {
      result.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
      if (lines.length > 1) result.push({ kind: 'paragraph', text: lines.slice(1).join(' ') });
    } else if (/^\s*-\s+/.test(lines[0]!)) {
      const items: string[] = [];
      for (const line of lines) {
        if (/^\s*-\s+/.test(line)) items.push(line.replace(/^\s*-\s+/, ''));
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      result.push({ kind: 'list', items });
    } else {
      result.push({ kind: 'paragraph', text: lines.map((line) => line.trim()).join(' ') });
    }
  }
  return result;
}

function renderBlock(block: Block, index: number): ReactNode {
  if (block.kind === 'list') {
    return (
      <ul key={index}>
        {block.items.map((item, itemIndex) => (
          <li key={itemIndex}>{inline(item)}</li>
        ))}
      </ul>
    );
  }
  if (block.kind === 'paragraph') return <p key={index}>{inline(block.text)}</p>;
  if (block.level === 1) return null;
  return block.level === 2 ? <h2 key={index}>{inline(block.text)}</h2> : <h3 key={index}>{inline(block.text)}</h3>;
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Bold and links inside a block's text; links to other places than http(s), mailto: or this site are left as text. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    parts.push(text.slice(last, match.index));
    const [, bold, label, href] = match;
    if (bold !== undefined) parts.push(<strong key={match.index}>{bold}</strong>);
    else if (/^(https?:|mailto:|\/)/.test(href!))
      parts.push(
        <a key={match.index} href={href}>
          {label}
        </a>,
      );
    else parts.push(label);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.map((part, index) => (typeof part === 'string' ? <Fragment key={`t${index}`}>{part}</Fragment> : part));
}

/** The title of a document: its first `#` heading. */
export function markdownTitle(source: string, fallback: string): string {
  return /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? fallback;
}
