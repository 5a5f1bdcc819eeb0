// `npm run test:unit`: src/**/*.spec.ts, no database and no global setup; runs anywhere in seconds.
import { project, run } from './jest.shared.mjs';

export const unit = {
  ...project,
  displayName: 'unit',
  testRegex: 'src/.*\\.spec\\.ts$',
  // The zone the e2e global setup pins (date rules are written for it).
  setupFiles: ['<rootDir>/test/unit-env.mjs'],
};

export default { ...run, ...unit };
