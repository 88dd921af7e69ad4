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
  '^@league/gamefiles$': path.join(__dirname, 'packages/gamefiles/src/index.ts'),
  '^@league/gameclient$': path.join(__dirname, 'tools/gameclient/src/index.ts'),
  '^@league/stack$': path.join(__dirname, 'tools/stack/src/index.ts'),
};

module.exports = { swc, moduleNameMapper };

/** The jest project of a Node workspace (a service, a package, the BFF, tools/stack). */
const nodeProject = (dir) => ({
  displayName: require(path.join(dir, 'package.json')).name,
  rootDir: dir,
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc() },
  moduleNameMapper,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
});

module.exports.nodeProject = nodeProject;
