// `npm run test:e2e`: test/**/*.e2e-spec.ts, the whole app against PostgreSQL. global-setup.mjs uses
// DATABASE_URL or starts an embedded server; each file creates and drops its own database.
import { project, run } from './jest.shared.mjs';

export const e2e = {
  ...project,
  displayName: 'e2e',
  testRegex: 'test/.*\\.e2e-spec\\.ts$',
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
};

export default { ...run, ...e2e };
