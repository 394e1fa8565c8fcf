/**
 * The layers, as rules (npm run lint:deps, run by npm test):
 *   core/    the shared core: configuration, database, domain rules, services, ffmpeg and media
 *            tools; imports none of the layers above it
 *   server/  transports (HTTP, tRPC, page rendering) over core/
 *   worker/  background tasks over core/
 *   cli/     production command-line tools over core/ (and the worker's runner for ingest)
 *   src/     the browser client: core/domain, core/render-contract and the router's type only
 *   scripts/, tests/  development tools and tests: may import anything
 * and no module takes part in an import cycle, type-only imports included.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle makes load order matter and hides which module owns what: move the shared part into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-shared',
      severity: 'error',
      comment: 'core/ is what the server, the worker and the tools share: it never imports one of them (or the client).',
      from: { path: '^core/' },
      to: { path: '^(server|worker|cli|scripts|src|tests)/' },
    },
    {
      name: 'server-is-not-the-worker',
      severity: 'error',
      comment: 'The server and the worker are separate processes over core/; what both need belongs in core/.',
      from: { path: '^server/' },
      to: { path: '^(worker|cli|scripts|src|tests)/' },
    },
    {
      name: 'worker-is-not-the-server',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(server|cli|scripts|src|tests)/' },
    },
    {
      name: 'cli-over-core',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^(scripts|src|tests)/' },
    },
    {
      name: 'client-imports-domain-rules-only',
      severity: 'error',
      comment: 'The browser bundle gets pure domain rules and the render contract from core/, nothing that does I/O.',
      from: { path: '^src/' },
      to: { path: '^core/', pathNot: '^core/(domain/|render-contract\\.ts$)' },
    },
    {
      name: 'client-imports-the-router-type-only',
      severity: 'error',
      comment: "From server/ the client takes the tRPC router's type (import type), never code.",
      from: { path: '^src/' },
      to: { path: '^server/', pathNot: '^server/trpc/root\\.ts$' },
    },
    {
      name: 'client-router-import-is-type-only',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/trpc/root\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment: 'core/domain holds pure rules: no database, services, ffmpeg, Node built-ins or I/O packages.',
      from: { path: '^core/domain/' },
      to: {
        path: '^(core/(db|services|ffmpeg)/|node_modules/(@mikro-orm|fastify|@fastify|pg|@aws-sdk|graphile-worker)/)',
      },
    },
    {
      name: 'domain-uses-no-node-builtins',
      severity: 'error',
      from: { path: '^core/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'services-know-no-transport',
      severity: 'error',
      comment: "Use cases get plain data and raise the domain's AppError: nothing from tRPC or Fastify.",
      from: { path: '^core/services/' },
      to: { path: '^node_modules/(@trpc|fastify|@fastify)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.data)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
