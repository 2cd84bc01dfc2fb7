/** The renderer's CSS, bundled and handed over as text by the build (scripts/notebookRenderer.mjs). */
declare module '*.css' {
  const text: string;
  export default text;
}
