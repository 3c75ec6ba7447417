/**
 * Imports point one way: app → features → core → ui/api/lib; no feature imports another;
 * machines/ is pure (no React, browser or src/); server/ stands alone; openapi/rules, the contract's
 * rules as code that the app and the server share, imports neither of them. A new import that
 * breaks the direction fails here, with the file and the import named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every import of a file, as the project path it points to (or the package name). */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const source = readFileSync(join(root, file), 'utf8');
  const found: { target: string; typeOnly: boolean }[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
    found.push({ target: resolve(file, match[3] ?? ''), typeOnly: Boolean(match[2]) });
  }
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    found.push({ target: resolve(file, match[1] ?? match[2] ?? ''), typeOnly: false });
  }
  return found;
}

function resolve(from: string, specifier: string): string {
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
  if (specifier.startsWith('@machines/')) return `machines/${specifier.slice(10)}`;
  if (specifier.startsWith('@openapi/')) return `openapi/${specifier.slice(9)}`;
  if (specifier.startsWith('.')) return relative(root, join(root, from, '..', specifier));
  return specifier;
}

const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
const featureOf = (path: string) => /^src\/features\/([^/]+)/.exec(path)?.[1];

/** What each layer must not import, as a reason per bad import (null when allowed). */
function problem(file: string, { target, typeOnly }: { target: string; typeOnly: boolean }): string | null {
  if (within(file, 'openapi')) {
    if (['src', 'server', 'machines'].some((dir) => within(target, dir))) {
      return 'openapi/ is shared by the app and the server and imports neither';
    }
    if (/^(react|react-dom|@xstate\/react|react-aria-components|wouter|xstate)(\/|$)/.test(target)) {
      return 'openapi/ imports no React, router or machine library';
    }
    return null;
  }
  if (within(file, 'server')) {
    return within(target, 'src') || within(target, 'machines') ? 'server/ imports nothing from the app' : null;
  }
  if (within(file, 'machines')) {
    if (within(target, 'src')) return 'machines/ never import src/';
    if (/^(react|react-dom|@xstate\/react|react-aria-components|wouter)(\/|$)/.test(target)) {
      return 'machines/ never import React';
    }
    if (within(target, 'openapi') && !typeOnly) return 'machines/ import contract types only (import type)';
    return null;
  }
  if (!within(file, 'src')) return null;
  if (target === 'react-aria-components' && !within(file, 'src/ui') && file !== 'src/app/aria-providers.tsx') {
    return 'only src/ui (and the providers) import react-aria-components';
  }
  if (within(target, 'src/app') && !within(file, 'src/app') && file !== 'src/main.tsx') {
    return 'only the shell imports src/app';
  }
  const feature = featureOf(target);
  if (feature && !within(file, 'src/app') && featureOf(file) !== feature) {
    return 'features are composed in src/app, never imported by another layer or feature';
  }
  const lower = ['src/ui', 'src/api', 'src/lib'];
  if (lower.some((dir) => within(file, dir)) && within(target, 'src/core')) return 'ui, api and lib sit below core';
  if (within(file, 'src/lib') && (within(target, 'src/ui') || within(target, 'src/api'))) {
    return 'lib is the bottom layer';
  }
  return null;
}

describe('layers', () => {
  const files = [...filesUnder('src'), ...filesUnder('machines'), ...filesUnder('server'), ...filesUnder('openapi')];

  it('finds the files and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(importsOf('src/app/session-providers.tsx').map((i) => i.target)).toContain('src/core/session/session');
    expect(files).toContain('openapi/rules/csv.ts');
  });

  it('points every import one way', () => {
    const broken = files.flatMap((file) =>
      importsOf(file)
        .map((entry) => ({ entry, reason: problem(file, entry) }))
        .filter(({ reason }) => reason !== null)
        .map(({ entry, reason }) => `${file} → ${entry.target}: ${reason}`),
    );
    expect(broken).toEqual([]);
  });

  it('keeps browser globals and fetch out of machines/ and openapi/rules', () => {
    const offenders = [...filesUnder('machines'), ...filesUnder('openapi/rules')].filter((file) =>
      /\b(window|document|localStorage|sessionStorage|fetch)\s*[.(]/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a feature importing the shell or another feature', () => {
    expect(problem('src/features/offers/pages/x.tsx', { target: 'src/app/routes', typeOnly: false })).not.toBeNull();
    expect(problem('src/features/offers/x.ts', { target: 'src/features/basket/y', typeOnly: false })).not.toBeNull();
    expect(problem('machines/x/y.ts', { target: 'react', typeOnly: false })).not.toBeNull();
    expect(problem('server/x.ts', { target: 'src/api/models', typeOnly: true })).not.toBeNull();
  });

  it('would catch the shared rules importing the app, the server, machines or React', () => {
    for (const target of ['src/lib/dates', 'server/http/errors', 'machines/row-editing/row-editing.types']) {
      expect(problem('openapi/rules/x.ts', { target, typeOnly: true })).not.toBeNull();
    }
    for (const target of ['react', 'react-dom/client', 'wouter', 'xstate', '@xstate/react']) {
      expect(problem('openapi/rules/x.ts', { target, typeOnly: false })).not.toBeNull();
    }
    expect(problem('openapi/rules/x.ts', { target: 'openapi/schema.facts', typeOnly: false })).toBeNull();
    expect(importsOf('openapi/rules/csv.ts').filter((entry) => problem('openapi/rules/csv.ts', entry))).toEqual([]);
  });
});
