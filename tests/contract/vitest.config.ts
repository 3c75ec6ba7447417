import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Contract tests share one server (and one embedded database) per file: each costs seconds, most
 * of it opening the database on one core. Two files at a time use both cores of the CI machine
 * (on PGlite each holds about 800 MB while it runs): 270 s one by one, 210 s two at a time.
 */
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
    maxWorkers: 2,
  },
});
