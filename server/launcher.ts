/**
 * `node dist/server.js` starts here and runs the language server's bundles with a V8 code cache.
 * Compiling those bundles costs more of the start-up than running them does, and Node 20 has no
 * compile cache of its own (`module.enableCompileCache` came in Node 22). Each bundle's cache is
 * written once the server has been up for a moment (or at exit, if sooner), so it also holds the
 * functions the first requests compiled. It lives in the user's own cache directory, never a
 * shared one: code cache is code. A missing, stale or unreadable cache only means compiling.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';

const cacheDelayMs = 1_000;
/**
 * Caches kept per bundle. Every build or update of the extension makes a new key, so old caches are
 * dropped; more than one is kept because two Nodes (VS Code's and a terminal's) may take turns.
 */
const cachesKeptPerBundle = 4;
const loaded = new Map<string, unknown>();

function cacheDirectory(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'apl', 'code-cache');
}

/** V8 rejects a cache made by another V8 or for other source; the key keeps such caches apart instead of overwriting each other. */
function cachePath(bundlePath: string): string {
  const { size, mtimeMs } = statSync(bundlePath);
  return join(cacheDirectory(), `${basename(bundlePath, '.js')}-${process.versions.v8}-${process.arch}-${size}-${Math.round(mtimeMs)}.bin`);
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function writeCache(bundlePath: string, path: string, data: Buffer): void {
  try {
    mkdirSync(cacheDirectory(), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, path); // readers see the whole file or none
    pruneCaches(bundlePath);
  } catch {
    // A read-only or full disk costs the next start its cache, nothing else.
  }
}

/** Deletes all but the newest caches of the bundle. */
function pruneCaches(bundlePath: string): void {
  const directory = cacheDirectory();
  const prefix = `${basename(bundlePath, '.js')}-`;
  const caches = readdirSync(directory)
    .filter((name) => name.startsWith(prefix) && /^\d/.test(name.slice(prefix.length)) && name.endsWith('.bin'))
    .map((name) => join(directory, name))
    .map((path) => ({ path, modified: statSync(path).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  for (const stale of caches.slice(cachesKeptPerBundle)) unlinkSync(stale.path);
}

/** Runs a CommonJS bundle from this folder once, as `require` would, but compiled with its code cache. */
function runBundle(name: string): unknown {
  if (loaded.has(name)) return loaded.get(name);
  const bundlePath = join(__dirname, name);
  const path = cachePath(bundlePath);
  const cachedData = readCache(path);
  // The wrapper takes a line of its own, and lineOffset hides it: stack traces, source maps and breakpoints keep the bundle's positions.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {\n${readFileSync(bundlePath, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: bundlePath, lineOffset: -1, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    let saved = false;
    const save = () => {
      if (saved) return;
      saved = true;
      writeCache(bundlePath, path, script.createCachedData());
    };
    setTimeout(save, cacheDelayMs).unref();
    process.once('exit', save);
  }
  const bundleModule = { exports: {} };
  script.runInThisContext()(bundleModule.exports, requireFromBundle, bundleModule, bundlePath, __dirname);
  loaded.set(name, bundleModule.exports);
  return bundleModule.exports;
}

/** The bundles' `require`: their imports of each other (`./language-core.js`) run cached too; the rest are Node's. */
function requireFromBundle(id: string): unknown {
  return id.startsWith('./') ? runBundle(id.slice(2)) : require(id);
}

runBundle('language-server.js');
