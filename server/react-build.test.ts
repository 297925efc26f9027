// loadedReactBuild reads the React build from the files Node ran, whatever NODE_ENV says now.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Runs a fresh Node process that loads react-dom/server (or not) and reports. */
function report(nodeEnv: string | undefined, loadReact: boolean, envAfter?: string) {
  const code = [
    loadReact ? "await import('react-dom/server');" : '',
    envAfter !== undefined ? `process.env.NODE_ENV = ${JSON.stringify(envAfter)};` : '',
    "const { loadedReactBuild } = await import('./server/react-build.ts');",
    'console.log(JSON.stringify(loadedReactBuild()));',
  ].join('\n');
  const env: Record<string, string | undefined> = { ...process.env };
  if (nodeEnv === undefined) delete env.NODE_ENV;
  else env.NODE_ENV = nodeEnv;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(out) as { build: string; file?: string };
}

describe('loadedReactBuild', () => {
  it('names the production build when NODE_ENV was production at load', () => {
    const r = report('production', true);
    expect(r.build).toBe('production');
    expect(r.file).toMatch(/react-dom-server\.node\.production\.js$/);
  });

  it('names the development build when NODE_ENV was unset at load, even if set afterwards', () => {
    const r = report(undefined, true, 'production');
    expect(r.build).toBe('development');
    expect(r.file).toMatch(/react-dom-server\.node\.development\.js$/);
  });

  it('says so when React was not loaded', () => {
    expect(report('production', false).build).toBe('not loaded');
  });
});
