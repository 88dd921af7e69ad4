// Browser journeys against a running site (BASE_URL, default http://localhost:8080). Not a project of
// the root jest config: the test runner starts them once `npm start`'s stack is up.
const { swc } = require('../jest.preset.js');

module.exports = {
  displayName: '@league/e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/journeys/**/*.test.ts', '<rootDir>/reliability/**/*.test.ts'],
  transform: { '^.+\\.ts$': swc() },
  // One browser at a time: journeys share the seeded league and the machine's CPU.
  maxWorkers: 1,
  testTimeout: 120_000,
};
