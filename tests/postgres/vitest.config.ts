import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** API servers as real processes on a PostgreSQL server; scripts/test-postgres.ts runs this. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'postgres',
    globals: true,
    environment: 'node',
    include: ['tests/postgres/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
