import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-lib.ts'],
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A figure, not a gate: the summary prints after every run (the CLI's own process is not measured).
    coverage: { enabled: true, provider: 'v8', include: ['src/**/*.ts'], reporter: ['text-summary'] },
  },
});
