// The reliability phase (tools/scripts/test.mjs runs it after the unit-and-component run; `npm run
// test:reliability` runs it alone). Not one of the root jest projects: these suites stop and restart the
// engines, which would break any suite running beside them. One file at a time, generous timeouts.
const path = require('node:path');
const { swc, moduleNameMapper } = require('../jest.preset');

module.exports = {
  displayName: 'reliability',
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/reliability'],
  testMatch: ['<rootDir>/reliability/**/*.test.ts'],
  // Read-your-writes under load (two replicas of every app, 200 cycles a pair) is a bench, not part of the
  // phase: `npm run bench:read-your-writes` runs it (RYW_RESULTS set), as does `npm run bench`.
  testPathIgnorePatterns: process.env.RYW_RESULTS ? [] : ['/reliability/read-your-writes\\.test\\.ts$'],
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc() },
  moduleNameMapper,
  maxWorkers: 1,
  testTimeout: 300_000,
  slowTestThreshold: 60,
};
