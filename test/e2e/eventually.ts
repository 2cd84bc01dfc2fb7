/**
 * Polls `probe` until it gives a value, `undefined` and `false` meaning "not yet" (the language
 * server, the webview and the workbench answer asynchronously). Throws naming `what` after `timeoutMs`.
 */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
