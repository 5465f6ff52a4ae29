import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.fuzz.test.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
  },
});
