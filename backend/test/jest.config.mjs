// `npm test -w backend`: the unit and the e2e suites in one run (each also runs alone:
// jest.unit.config.mjs, jest.e2e.config.mjs).
import { e2e } from './jest.e2e.config.mjs';
import { run } from './jest.shared.mjs';
import { unit } from './jest.unit.config.mjs';

export default { ...run, projects: [unit, e2e] };
