// Imported first by every module of common/ that builds zod schemas the browser also loads: zod
// would otherwise probe `new Function` when the first object schema is made, and the pages' strict
// Content-Security-Policy (no eval) reports that probe as a violation even though zod catches it.
// Without it, schemas are checked by plain code, which is all a form needs.
import { z } from 'zod';

z.config({ jitless: true });
