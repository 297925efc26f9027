// Compiles the message catalogues (app/i18n/catalogues/<language>.json, ICU MessageFormat) into
// the form the messages' runtime reads without a parser (app/i18n/messages.ts) (app/i18n/compiled/<language>.ts), so the
// browser loads no message parser. Run after editing a catalogue: `npm run i18n:compile`
// (app/i18n/catalogues.test.ts fails while a compiled file is out of date).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE_PARTS, compiledCatalogue } from '../app/i18n/compile.ts';
import { LANGUAGE_CODES } from '../common/languages.ts';

const dir = path.resolve(import.meta.dirname, '../app/i18n');
// Two parts per language: the shell's messages (catalogues/<language>.json) and the pages'
// (catalogues/pages/<language>.json), so the shell's chunk carries only its own.
for (const part of CATALOGUE_PARTS) {
  for (const language of LANGUAGE_CODES) {
    const name = `${part}${language}`;
    const source = JSON.parse(readFileSync(path.join(dir, 'catalogues', `${name}.json`), 'utf8')) as Record<string, string>;
    writeFileSync(path.join(dir, 'compiled', `${name}.ts`), compiledCatalogue(source, part ? '../../messages.ts' : '../messages.ts'));
    console.log(`app/i18n/compiled/${name}.ts: ${Object.keys(source).length} messages`);
  }
}
