/**
 * The boundaries of the code, checked by `npm test` (`npm run lint:deps`). dependency-cruiser
 * rather than an ESLint plugin: it resolves TypeScript's `.js` import specifiers to the `.ts`
 * files itself, sees type-only imports (tsPreCompilationDeps), and states both the layer rules
 * and "no cycles" in one file. docs/architecture.md explains each rule.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module never reaches itself again through its imports, type-only ones included.',
      severity: 'error',
      // generated client code is not ours to shape
      from: { pathNot: '^bff/src/generated/' },
      to: { circular: true },
    },
    {
      name: 'services-know-no-http',
      comment: 'Services throw domain errors; the HTTP layer maps them to statuses.',
      severity: 'error',
      from: { path: '^bff/src/services/' },
      to: { path: '^bff/src/(http|routes)/' },
    },
    {
      name: 'routes-ask-services',
      comment: 'A route parses, calls a service and answers; it never reads a repository itself.',
      severity: 'error',
      from: { path: '^bff/src/routes/' },
      to: { path: '^bff/src/data/' },
    },
    {
      name: 'data-is-the-bottom',
      comment: 'Repositories and migrations call nothing above them.',
      severity: 'error',
      from: { path: '^bff/src/data/' },
      to: { path: '^bff/src/(services|routes|http|adapters)/' },
    },
    {
      name: 'adapters-are-leaves',
      comment: 'SMS, mail and gateway adapters use nothing of ours but lib and the logger.',
      severity: 'error',
      from: { path: '^bff/src/adapters/' },
      to: { path: '^bff/src/(services|routes|http|data)/' },
    },
    {
      name: 'migrations-are-frozen',
      comment:
        'A released migration must not change when live code does: it imports only its siblings and the Database type.',
      severity: 'error',
      from: { path: '^bff/src/data/migrations/' },
      to: {
        path: '^bff/src/',
        pathNot: ['^bff/src/data/migrations/', '^bff/src/data/database\\.ts$'],
      },
    },
    {
      name: 'design-system-knows-no-app',
      comment: 'Components hold no business rules and never import the web app.',
      severity: 'error',
      from: { path: '^design-system/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
