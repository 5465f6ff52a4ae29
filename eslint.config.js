// Lint configuration: typescript-eslint's strict type-checked rules everywhere, and the one architectural rule: outside the host-wiring files, src imports no @deepseek-ai/* package.
import tseslint from 'typescript-eslint';

/** The files of src that talk to the DSH host (Cordis, host packages, schemastery); every other src file is pure logic. */
export const HOST_WIRING = [
  'src/index.ts',
  'src/plugin.ts',
  'src/config.ts',
  'src/types.ts',
  'src/augment.ts',
  'src/context/capture.ts',
  'src/context/pre-step.ts',
  'src/context/prepare.ts',
  'src/context/projection.ts',
  'src/context/routes.ts',
  'src/context/spill.ts',
  'src/discovery/discovery.ts',
  'src/session-index/location.ts',
  'src/session-index/backlog-reads.ts',
  'src/session-index/sync.ts',
  'src/session-index/first-titles.ts',
  'src/discovery/labels.ts',
  'src/session-index/live-sessions.ts',
  'src/session-index/session-texts.ts',
  'src/session-index/log-reader.ts',
  'src/session-index/log-listing.ts',
  'src/session-index/store-listing.ts',
  'src/invariant/plugin.ts',
  'src/remote/client.ts',
  'src/remote/contract.ts',
  'src/remote/service.ts',
  'src/remote/typert.ts',
  'src/cli/bin.ts',
  'src/cli/candidate-index.ts',
  'src/cli/program.ts',
  'src/cli/candidates-command.ts',
  'src/cli/preview-command.ts',
  'src/cli/demo.ts',
  'src/cli/home.ts',
  'src/cli/read-only-persistence.ts',
];

export default tseslint.config(
  {
    ignores: [
      'lib/**',
      'node_modules/**',
      'coverage/**',
      'e2e/node_modules/**',
      'e2e/.pack/**',
      'e2e/.tmp/**',
      'test/consumer/**',
      '*.config.*',
    ],
  },
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Passing a caught value on unchanged is not inventing a non-Error rejection.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // A number has one obvious text form in a message; other non-strings still need an explicit conversion.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Test doubles implement async host interfaces without awaiting, and vitest's spies take methods unbound.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Tests and benches index into fixtures they have just built: a wrong index fails the run either way.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // JSON.parse and vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed any by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // The e2e suite is JavaScript with JSDoc types, checked by e2e/tsconfig.json (found by the project service).
    files: ['e2e/**/*.mjs'],
    rules: {
      // node:test's test() and describe() return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
    },
  },
  {
    // One concept per file: a source file that outgrows 400 lines holds two.
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/**/*.ts'],
    ignores: HOST_WIRING,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@deepseek-ai/*'],
              message: 'Pure files import no host package: move host code into a wiring file (HOST_WIRING in eslint.config.js).',
            },
          ],
        },
      ],
    },
  },
);
