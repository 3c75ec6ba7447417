import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: {
    alias: { '@': './src', '@machines': './machines', '@openapi': './openapi' },
  },
  html: { template: './index.html' },
  // Modules shared by a few lazy chunks (icons, button, basket logic) stay duplicated in each below
  // the default 20 kB; at 5 kB they get a shared chunk: less to download (issue 8, /offers weight).
  splitChunks: { minSize: 5_000 },
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
