// The site's process: server/start.ts reads the configuration and starts it; the composition root,
// config -> database -> API -> web, is server/app.ts.
//
// React picks its development or production build from NODE_ENV when it is first loaded, so
// NODE_ENV is settled before anything imports it. Static imports are evaluated before this
// module's own code, hence the dynamic import.
export {};

process.env.NODE_ENV ||= 'production';
const { startProcess } = await import('./start.ts');

await startProcess('web');
