// Imported first by the test files that run the site inside the test process: React picks its
// development or production build from NODE_ENV when it is first loaded, and vitest sets 'test'.
// The site always runs production React (scripts/serve.sh, server/index.ts); so do these tests.
process.env.NODE_ENV = 'production';
