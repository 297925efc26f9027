// Runs the JSON API alone, at /, on its own port (PORT). A web process can then use it through
// API_URL. NODE_ENV is settled before anything is imported (see server/index.ts).
export {};

process.env.NODE_ENV ||= 'production';
const { startProcess } = await import('../start.ts');

await startProcess('api');
