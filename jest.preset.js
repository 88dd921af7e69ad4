// Shared jest settings: TypeScript through @swc/jest (type checking is `npm run lint`'s job),
// and workspace packages mapped to their sources so tests never need a prior build.
const path = require('node:path');

const swc = (opts = {}) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: Boolean(opts.tsx), decorators: false },
      target: 'es2022',
      transform: opts.tsx ? { react: { runtime: 'automatic' } } : undefined,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const moduleNameMapper = {
  '^@league/contracts$': path.join(__dirname, 'packages/contracts/src/index.ts'),
  '^@league/contracts/(.*)$': path.join(__dirname, 'packages/contracts/src/$1'),
  '^@league/platform$': path.join(__dirname, 'packages/platform/src/index.ts'),
  '^@league/platform/(.*)$': path.join(__dirname, 'packages/platform/src/$1'),
  '^@league/stack$': path.join(__dirname, 'tools/stack/src/index.ts'),
};

module.exports = { swc, moduleNameMapper };
