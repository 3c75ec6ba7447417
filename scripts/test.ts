/**
 * `npm test`: every check the project has, in order of speed. Each step runs even when an earlier
 * one failed, so one run shows everything that is wrong; the exit code is non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';

const steps: [name: string, command: string[]][] = [
  ['API types up to date', ['npm', 'run', '--silent', 'api:check']],
  ['Statecharts up to date', ['npm', 'run', '--silent', 'machines:check']],
  ['Type check', ['npm', 'run', '--silent', 'typecheck']],
  ['Lint and format', ['npm', 'run', '--silent', 'lint']],
  ['Dead code and unused dependencies', ['npm', 'run', '--silent', 'knip']],
  ['Unit and component tests', ['npm', 'run', '--silent', 'test:unit']],
  ['Contract tests', ['npm', 'run', '--silent', 'test:contract']],
  ['Contract tests on a PostgreSQL server', ['npm', 'run', '--silent', 'test:postgres']],
  ['End-to-end tests', ['npm', 'run', '--silent', 'test:e2e']],
  ['Static build behind nginx', ['npm', 'run', '--silent', 'test:nginx']],
];

const only = process.argv.slice(2);
const results: [string, boolean, number][] = [];
for (const [name, [command, ...args]] of steps) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const result = spawnSync(command ?? 'npm', args, { stdio: 'inherit', env: process.env });
  results.push([name, result.status === 0, (Date.now() - started) / 1000]);
}

process.stdout.write('\n=== Summary ===\n');
for (const [name, ok, seconds] of results) {
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds.toFixed(1)} s)\n`);
}
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
