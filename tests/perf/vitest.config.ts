/** `npm run bench` runs the render counts here, in jsdom. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const alias = { '@/': `${root}src/`, '@machines/': `${root}machines/`, '@openapi/': `${root}openapi/` };

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    globals: true,
    environment: 'jsdom',
    // Figures, not a race: on a busy machine rendering 100 rows in jsdom takes more than the default 5 s.
    testTimeout: 60_000,
    include: ['tests/perf/render-counts.bench.tsx'],
    setupFiles: ['tests/setup.ts'],
  },
});
