/** A stylesheet imported as text (vite's `?inline`; the embed's rollup build does the same). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}

/** A stylesheet imported for its effect (Storybook and vite bundle it into the page). */
declare module '*.css';
