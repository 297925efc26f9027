// The layers of the code and the arrows allowed between them (ARCHITECTURE.md). `npm run lint:deps`
// checks them; a file may import from its own layer and the layers below it, never above, and no
// import goes round in a circle. Type-only imports count too.
//
// Lowest first: common → server base (config, TRUST_PROXY, logger, the job loop) → db → http → domain modules
// → api → composition (app, web, start, setup, the database set-up and control, command-line entry points).

/** Command-line entry points that live beside their domain (they compose like server/app.ts does). */
const NOT_ENTRY = '(?!server/api/main\\.ts$|server/[^/]+/[^/]*-cli\\.ts$|server/auth/create-user\\.ts$|server/media/build\\.ts$|server/db/check-content\\.ts$)';
const BASE = '^server/(config|logger|trust-proxy|job-loop)\\.ts$';
/** The database module, less the set-up and control that compose domain modules, and the content files, projection and card columns (they read the content types' registry). */
const DB = `^${NOT_ENTRY}server/db/(?!(prepare|control|command|seed|content|queries)\\.ts$)`;
const HTTP = '^server/http/';
const DOMAIN = `^${NOT_ENTRY}server/((auth|bookings|departures|content|search|mail|media|newsletter|payments|spam)/|(reviews|leads|currency)\\.ts$|db/(seed|content|queries)\\.ts$)`;
const API = `^${NOT_ENTRY}server/api/`;

const upward = (name, from, allowed) => ({
  name,
  severity: 'error',
  comment: `${name}: this layer may import only from itself and the layers below it (ARCHITECTURE.md).`,
  from: { path: from },
  to: { path: '^server/', pathNot: allowed },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other, directly or round a circle, cannot be understood or tested apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-not-server',
      severity: 'error',
      comment: 'The UI reads data through the API (loaders), never from the server modules or the database.',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-reads-app-server-modules',
      severity: 'error',
      comment:
        'The server reads from app/ only its server-only modules (*.server.ts: the PDF kit, the itinerary PDF, the maps\' layout) or types; the rest of app/ is the UI.',
      from: { path: '^server/' },
      to: { path: '^app/', pathNot: '\\.server\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'common-isomorphic',
      severity: 'error',
      comment: 'common/ runs in the browser and on the server: it imports neither (no code of theirs).',
      from: { path: '^common/' },
      to: { path: '^(app|server)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'common-types-only-from-registry',
      severity: 'error',
      comment:
        'The one type-only arrow out of common/: the API answers (common/api-types.ts) read the wire types of a content type off its module, through the registry (server/content/types/index.ts). Nothing else of common/ names app/ or server/, even for types.',
      from: { path: '^common/' },
      to: { path: '^(app|server)/', pathNot: '^server/content/types/index\\.ts$' },
    },
    {
      name: 'registry-types-only-in-api-types',
      severity: 'error',
      comment: 'Only common/api-types.ts reads types off the registry of content types (ARCHITECTURE.md).',
      from: { path: '^common/', pathNot: '^common/api-types\\.ts$' },
      to: { path: '^server/' },
    },
    upward('base-imports-up', BASE, [BASE]),
    upward('db-imports-up', DB, [BASE, DB]),
    upward('http-imports-up', HTTP, [BASE, DB, HTTP]),
    upward('domain-imports-up', DOMAIN, [BASE, DB, HTTP, DOMAIN]),
    upward('api-imports-up', API, [BASE, DB, HTTP, DOMAIN, API]),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router|\\.cache)/|\\.test\\.tsx?$|^tests/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
