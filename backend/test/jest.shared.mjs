// What the unit and e2e Jest configs share (jest.unit.config.mjs, jest.e2e.config.mjs; jest.config.mjs
// runs both as projects). Paths are absolute: a project's rootDir is not resolved from its own file.
import { fileURLToPath } from 'node:url';

export const backend = fileURLToPath(new URL('..', import.meta.url));

export const project = {
  rootDir: backend,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', {
      jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  // linkedom (collect, issue 16) requires ESM-only css-select 7 and its DOM helpers: Node loads them
  // through require(esm), Jest needs them transformed
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|load-esm|uid|token-types|strtok3|@tokenizer|uint8array-extras|@borewit|linkedom|css-select|css-what|boolbase|dom-serializer|domelementtype|domhandler|domutils|entities|nth-check|cssomnom)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

/** Options Jest reads only at the top level of a run (not per project). */
export const run = {
  rootDir: backend,
  testTimeout: 30000,
  maxWorkers: 2,
};
