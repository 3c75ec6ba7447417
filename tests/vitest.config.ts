import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const alias = {
  '@/': `${root}src/`,
  '@machines/': `${root}machines/`,
  '@openapi/': `${root}openapi/`,
};

/**
 * A worker imports the app's modules once for all its files rather than once per file: most of a
 * file's time went to importing them and setting up jsdom (the component tests took 250 s on a
 * 2-core machine, 90 s so). tests/setup.ts resets what the files would otherwise share.
 */
const isolate = false;

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    globals: true,
    // Vitest runs one file fewer at a time than there are cores, one on a 2-core machine; each
    // file here has its own server, port and data folder, so every core can run one.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          globals: true,
          environment: 'node',
          isolate,
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'components',
          globals: true,
          environment: 'jsdom',
          isolate,
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/setup.ts'],
          // Above the 5 s that tests/setup.ts gives each wait, so a slow wait fails as itself.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
