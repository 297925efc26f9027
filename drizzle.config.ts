import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The database's tables, and those a content type's module keeps beside its document (server/content/types/).
  schema: ['./server/db/schema.ts', './server/content/types/!(*.test).ts'],
  out: './server/db/migrations',
});
