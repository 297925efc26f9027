// Validates every file under content/ and prints counts per collection.
// Usage: node server/db/check-content.ts [contentDir]
import { ContentError, loadContent } from './content.ts';

try {
  const content = await loadContent(process.argv[2]);
  for (const [name, items] of Object.entries(content)) console.log(`${name.padEnd(14)} ${Array.isArray(items) ? items.length : Object.keys(items.rates).length}`);
  console.log('content is valid');
} catch (e) {
  if (e instanceof ContentError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
