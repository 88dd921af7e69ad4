// One jest run over every workspace. `npm test` (tools/scripts/test.mjs) picks the projects.
module.exports = {
  testTimeout: 60000,
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/packages/platform',
    '<rootDir>/packages/gamefiles',
    '<rootDir>/tools/stack',
    '<rootDir>/tools/gameclient',
    '<rootDir>/services/account',
    '<rootDir>/services/season',
    '<rootDir>/services/trade',
    '<rootDir>/services/files',
    '<rootDir>/services/chat',
    '<rootDir>/bff',
    '<rootDir>/frontend',
  ],
};
