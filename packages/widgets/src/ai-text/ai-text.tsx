import { parseAiMarkdown, type AiSpan } from '@opportunity-kit/sdk/domain';
import type { AiProvider } from '@opportunity-kit/sdk';

/** Props of {@link AiText}. @public */
export interface AiTextProps {
  /** The AI's answer in the spec's markdown subset (bold, bullet lines, paragraphs). */
  text: string;
}

/**
 * An AI answer as the spec renders it: `**bold**` as strong text, `- ` lines as bullet lists, and a
 * paragraph that introduces what follows (it ends with a colon) kept close to it. The blocks come
 * from `parseAiMarkdown` and become text nodes only, so markup in a model's answer is shown, never run.
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
  return spans.map((span, index) =>
    span.strong ? (
      <strong className="ok-ai-text__strong" key={index}>
        {span.text}
      </strong>
    ) : (
      span.text
    ),
  );
}

const PROVIDER_NAMES: Readonly<Record<AiProvider, string>> = {
  gemini: 'Gemini',
  elevenlabs: 'ElevenLabs',
  local: 'the local provider',
};

/** "Gemini", "ElevenLabs" or "the local provider": who answers, for sentences such as "Answered by …". @public */
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
