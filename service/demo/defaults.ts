/** Events per demo dataset unless told otherwise. Apart from the generators so the CLI can name it without loading them. */
export const defaultDemoEvents = 100_000;
