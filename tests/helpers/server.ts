// Moved to tests/helpers/start-site.ts.
export { freePort, startServer, type ServerProcess } from './start-site.ts';
