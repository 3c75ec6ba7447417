import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the Node server and nginx
 * (`brotli_static`, `gzip_static`) send compressed bytes without compressing per request. A
 * variant that would not be smaller is left out; the server then sends the file as it is.
 */
const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'marketplace:precompress',
  setup(api) {
    api.onAfterBuild(async () => {
      const root = api.context.distPath;
      const files = (await filesUnder(root)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    });
  },
});

export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: {
    alias: {
      '@': './src',
      '@machines': './machines',
      '@openapi': './openapi',
      // @xstate/react and wouter ask for the shims that bring useSyncExternalStore to React 17;
      // React 19 has it (the shim's one export is React's own hook, the selector build uses it).
      'use-sync-external-store/shim/with-selector$': 'use-sync-external-store/with-selector',
      'use-sync-external-store/shim$': 'react',
      'use-sync-external-store/shim/index.js$': 'react',
    },
  },
  html: { template: './index.html' },
  splitChunks: {
    // The entry fetches the signed-in screens and the current page side by side (src/app/pages.ts),
    // so modules both use are split into chunks they share. At 20 kB (the default) a list page loads
    // 18 files instead of 26, and less JavaScript than at 5 kB (the value before that change).
    minSize: 20_000,
    cacheGroups: {
      // Packages the first screen needs (xstate, zod, wouter…) ride in the entry chunk, not a chunk
      // of their own: one request less before the sign-in form paints. Lazy pages still share theirs.
      defaultVendors: { test: /[\\/]node_modules[\\/]/, chunks: 'async', priority: -10, reuseExistingChunk: true },
    },
  },
  output: { distPath: { root: 'dist' }, cleanDistPath: true },
  tools: {
    // React Aria ships strings for 30+ locales; the app is en-US only (behaviour: US-English formatting).
    rspack: { plugins: [optimizeLocales.rspack({ locales: ['en-US'] })] },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
