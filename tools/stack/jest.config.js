const { swc, moduleNameMapper } = require('../../jest.preset');

module.exports = {
  displayName: require('./package.json').name,
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc() },
  moduleNameMapper,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
};
