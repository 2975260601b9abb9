import { Fragment } from 'react';
import { parseAiMarkdown, type AiSpan } from '@opportunity-kit/sdk/domain';
import type { AiProvider } from '@opportunity-kit/sdk';

/** Props of {@link AiText}. @public */
export interface AiTextProps {
  /** The AI's answer in the spec's markdown subset (bold, bullet lines, paragraphs, links to postings as `[Title](/job/<id>)`). */
  text: string;
}

/**
 * An AI answer as the spec renders it: `**bold**` as strong text, `- ` lines as bullet lists, and a
 * paragraph that introduces what follows (it ends with a colon) kept close to it, and a posting it
 * names as a link to the posting's page. The blocks come from `parseAiMarkdown` and become text nodes
 * and those links only, so markup or any other link in a model's answer is shown, never run.
 * @public
 */
export function AiText({ text }: AiTextProps) {
  return (
    <div className="ok-ai-text">
      {parseAiMarkdown(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul className="ok-ai-text__list" key={index}>
            {block.items.map((item, itemIndex) => (
              <li className="ok-ai-text__item" key={itemIndex}>
                <Spans spans={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={block.lineBreakAfter ? 'ok-ai-text__paragraph' : 'ok-ai-text__paragraph ok-ai-text__paragraph--lead'} key={index}>
            <Spans spans={block.spans} />
          </p>
        ),
      )}
    </div>
  );
}

function Spans({ spans }: { spans: readonly AiSpan[] }) {
  return spans.map((span, index) => {
    // `href` is only ever a posting's relative page (`/job/<id>`): the parser drops every other target.
    const content = span.href ? (
      <a className="ok-ai-text__link" href={span.href}>
        {span.text}
      </a>
    ) : (
      span.text
    );
    return span.strong ? (
      <strong className="ok-ai-text__strong" key={index}>
        {content}
      </strong>
    ) : (
      <Fragment key={index}>{content}</Fragment>
    );
  });
}

const PROVIDER_NAMES: Readonly<Record<AiProvider, string>> = {
  gemini: 'Gemini',
  elevenlabs: 'ElevenLabs',
  // A student reads "Reviewed by our built-in assistant", not the jargon of "the local provider" (issue 25).
  local: 'our built-in assistant',
};

/** "Gemini", "ElevenLabs" or "our built-in assistant": who answers, for sentences such as "Answered by …". @public */
export function providerName(provider: AiProvider): string {
  return PROVIDER_NAMES[provider];
}

/** Props of {@link ProviderNote}. @public */
export interface ProviderNoteProps {
  /** Who answered; its name comes from {@link providerName}. */
  provider: AiProvider;
  /** The verb before the provider's name: "Answered by", "Reviewed by", … */
  verb: string;
}

/** The line under an AI answer that says who answered it; `data-provider` names the provider for styling. @public */
export function ProviderNote({ provider, verb }: ProviderNoteProps) {
  return (
    <p className="ok-ai-text__provider" data-provider={provider}>
      {verb} {providerName(provider)}
    </p>
  );
}
