// CommonJS config in a "type": "module" package, hence .cjs. Jest finds it on its own when the root
// config lists '<rootDir>/frontend' as a project.
const { swc, moduleNameMapper } = require('../jest.preset.js');

module.exports = {
  displayName: '@league/frontend',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.tsx$': swc({ tsx: true }),
    '^.+\\.ts$': swc(),
  },
  moduleNameMapper: {
    ...moduleNameMapper,
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.(css|less|scss|sass)$': '<rootDir>/test/style-stub.cjs',
    '\\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|pdf)$': '<rootDir>/test/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
};
