// Runs the JSON API alone, at /, on its own port (PORT). A web process can then use it through
// API_URL.
import { startProcess } from '../start.ts';

await startProcess('api');
