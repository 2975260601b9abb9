import { useContext, type ComponentType, type ContextType } from 'react';
import { Anchor, ArgTypes, Canvas, Controls, Description, DocsContext, DocsStory, Heading, Markdown, Subheading, Title } from '@storybook/addon-docs/blocks';

/**
 * The blocks of a widget's docs page (`src/docs/<widget>.mdx`), in the order a reader needs them: the
 * connected component (what it does, its props, then the page's example against the SDK), the
 * stories of the connected component, then the view and its stories.
 *
 * A story whose name starts with "Connected" renders the connected component over an in-memory fake
 * of its SDK module (`src/testing/`); every other story of the file renders the view.
 */

type DocsStories = ReturnType<ContextType<typeof DocsContext>['componentStories']>;

const isConnected = (story: DocsStories[number]) => story.name.startsWith('Connected');

/** The stories the docs page lists: those tagged `autodocs` (all but `!autodocs` ones), as Storybook's own `Stories` block does. */
function useDocsStories(): DocsStories {
  const stories = useContext(DocsContext).componentStories();
  return stories.some((story) => story.tags.includes('autodocs')) ? stories.filter((story) => story.tags.includes('autodocs') && !story.usesMount) : stories;
}

/** The page's title, the connected component's description (its TSDoc) and its props table (from its TypeScript props). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any connected component, whatever its props.
export function ConnectedWidget({ of }: { of: ComponentType<any> }) {
  return (
    <>
      <Title />
      <Description of={of} />
      <Heading>Props</Heading>
      <ArgTypes of={of} sort="requiredFirst" />
    </>
  );
}

/** The connected component's stories, each over an in-memory fake of what the example above passes it. */
export function ConnectedStories() {
  const stories = useDocsStories().filter(isConnected);
  if (stories.length === 0) return null;
  return (
    <>
      <Heading>Connected, live</Heading>
      <Markdown>{'The connected component as above, with in-memory stand-ins (`src/testing/`) in place of the `portal` modules: no backend.'}</Markdown>
      {stories.map((story) => (
        // No "Show code": it would show the fakes' wiring, and the example above is the code to copy.
        <Anchor key={story.id} storyId={story.id}>
          <Subheading>{story.name}</Subheading>
          <Description of={story.moduleExport} />
          <Canvas of={story.moduleExport} sourceState="none" />
        </Anchor>
      ))}
    </>
  );
}

/**
 * The view (`state` and `actions`, as the headless hook returns them): its description, its first
 * story with controls for its props, then the story of each state (as Storybook's own docs page).
 */
export function ViewStories() {
  const stories = useDocsStories().filter((story) => !isConnected(story));
  const [first] = stories;
  if (!first) return null;
  return (
    <>
      <Heading>The view</Heading>
      <Description of="meta" />
      <DocsStory of={first.moduleExport} expanded={false} withToolbar __primary />
      <Controls of={first.moduleExport} />
      <Heading>Stories of the view</Heading>
      {stories.map((story) => (
        <DocsStory key={story.id} of={story.moduleExport} expanded __forceInitialArgs />
      ))}
    </>
  );
}
