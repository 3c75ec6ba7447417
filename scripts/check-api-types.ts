/** Fails when openapi/schema.d.ts is not what `npm run api:types` makes from openapi/schema.yaml. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
try {
  const fresh = join(dir, 'schema.d.ts');
  execFileSync(
    process.execPath,
    ['node_modules/openapi-typescript/bin/cli.js', 'openapi/schema.yaml', '-o', fresh, '--silent'],
    { stdio: 'inherit' },
  );
  if (readFileSync(fresh, 'utf8') !== readFileSync('openapi/schema.d.ts', 'utf8')) {
    process.stderr.write('openapi/schema.d.ts is stale: run `npm run api:types` and commit the result.\n');
    process.exit(1);
  }
  process.stdout.write('API types match openapi/schema.yaml.\n');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
