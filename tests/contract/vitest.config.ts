import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Contract tests share one server (and one embedded database) per file: each costs seconds. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'contract',
    globals: true,
    environment: 'node',
    include: ['tests/contract/**/*.test.ts'],
    globalSetup: ['tests/contract/support/template.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
