// Which React build this process actually loaded. React's CommonJS entry points pick their
// development or production file from process.env.NODE_ENV the first time they are required; the
// files Node loaded are in the module cache. (Node's ESM loader also adds entries for files it
// only scanned for re-exports: those were never run and have `loaded` false.)
import { createRequire } from 'node:module';

export interface ReactBuild {
  /** 'production' or 'development' when react-dom/server was loaded, else 'not loaded'. */
  build: 'production' | 'development' | 'not loaded';
  /** The react-dom/server file that was run. */
  file?: string;
}

export function loadedReactBuild(): ReactBuild {
  const cache = createRequire(import.meta.url).cache;
  for (const [file, mod] of Object.entries(cache)) {
    if (!mod?.loaded) continue;
    const m = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production|development)\.js$/.exec(file);
    if (m) return { build: m[1] as 'production' | 'development', file };
  }
  return { build: 'not loaded' };
}
