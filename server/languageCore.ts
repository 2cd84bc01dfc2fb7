/** The language core as the server uses it: one module, loaded on first need (see `startServer`). */
export type LanguageCore = typeof import('../language/index.ts');

let loading: Promise<LanguageCore> | undefined;

export function loadLanguageCore(): Promise<LanguageCore> {
  loading ??= import('../language/index.ts');
  return loading;
}
