// Composition root: config -> database -> API -> web, served by one Node process (server/start.ts
// and server/app.ts).
import { startProcess } from './start.ts';

await startProcess('web');
