// The command line of npm run content:import and the report it prints (no database needed).
import { describe, expect, it } from 'vitest';
import { importReport, parseImportArgs } from './reimport.ts';

describe('content:import', () => {
  it('reads the files to overwrite and restore, by name or all, and the folder', () => {
    expect(parseImportArgs([])).toEqual({ overwrite: [], restore: [] });
    expect(parseImportArgs(['--overwrite', 'parks/queen-elizabeth-national-park', '--overwrite', 'birds/shoebill.yaml', '--restore', 'blogs/old-post', '--from', 'seed'])).toEqual({
      dir: 'seed',
      overwrite: ['parks/queen-elizabeth-national-park', 'birds/shoebill'],
      restore: ['blogs/old-post'],
    });
    expect(parseImportArgs(['--overwrite-all', '--overwrite', 'parks/x', '--restore-all'])).toEqual({ overwrite: 'all', restore: 'all' });
  });

  it('refuses anything else with the usage', () => {
    for (const args of [['--overwrite'], ['--overwrite', 'Parks/X'], ['--restore', '../etc/passwd'], ['--force'], ['parks/x']])
      expect(() => parseImportArgs(args), args.join(' ')).toThrow(/Usage: npm run content:import/);
  });

  it('prints the counts, then each file left alone under its reason', () => {
    const text = importReport({ imported: 2, updated: 1, removed: 0, kept: ['parks/a'], deleted: ['blogs/b', 'blogs/c'], taken: [], overwritten: ['birds/d'], restored: [] });
    expect(text.split('\n')).toEqual([
      'Content files imported: 2 new, 1 updated, 0 removed with their file, 1 overwritten, 0 restored.',
      'Changed in the console, overwritten with the file as asked (1):',
      '  birds/d',
      'Changed in the console, kept (name one with --overwrite to take its file) (1):',
      '  parks/a',
      'Deleted in the console, not imported (name one with --restore to bring it back) (2):',
      '  blogs/b',
      '  blogs/c',
    ]);
  });
});
