// The module graph's rules (issue 16, docs/ARCHITECTURE.md "Who may import what"), checked by `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-server-module-cycles',
      comment: 'Server modules form a tree: calls go down, news goes up through events (modules/vehicles/commands.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/(modules/[^/]+|plugins|db|lib)$' },
      to: { path: '^server/(modules/[^/]+|plugins|db|lib)$', circular: true },
    },
    {
      name: 'plugins-and-db-import-no-module',
      comment: 'plugins/, db/ and lib/ sit under the modules: they may not reach up into one (the composition root, server/app.ts, wires them).',
      severity: 'error',
      from: { path: '^server/(plugins|db|lib)/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'A client feature imports only itself, components/, lib/, app/ never, and domain/; shared code moves down.',
      severity: 'error',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/([^/]+)/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'domain-has-no-io',
      comment: 'domain/ is pure TypeScript shared by the browser and the server: no Node built-ins, no server or client code, only zod.',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        pathNot: ['^domain/', '^node_modules/zod/', '^node_modules/@zxcvbn-ts/'],
      },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach anywhere (fixtures, the app): the rules are about the product's code.
    exclude: { path: ['^(dist|data|\\.tmp|node_modules)/', '\\.test\\.tsx?$', '^server/test/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
