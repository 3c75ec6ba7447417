import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from '../../../server/db/availability';
import { HttpError } from '../../../server/http/errors';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** An error as node-postgres builds it from a server's ErrorResponse, or Node from a socket. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: unknown) =>
  new DrizzleQueryError('select * from users where email = $1', ['a@b.c'], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each<[string, unknown]>([
    [
      'an administrator ending the connection (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    [
      'a crash shutdown (57P02)',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a server starting or stopping (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'a client broken between two statements',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a pool being closed', new Error('Cannot use a pool after calling end on the pool')],
    ['the embedded database closed', new Error('PGlite is closed')],
    [
      'any of these wrapped by drizzle',
      failedQuery(withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['a failed migration', new Error('Migration 0002.sql failed', { cause: new Error('Connection terminated') })],
    [
      'every address refusing',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', failedQuery(withCode('duplicate key value violates unique constraint', '23505'))],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a refusal of the request', new HttpError(409, { detail: 'Conflict' })],
    ['something that is no error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('names the reason without the failed statement or its parameters', () => {
    const reason = unavailableReason(
      failedQuery(withCode('terminating connection due to administrator command', '57P01')),
    );
    expect(reason).toBe('terminating connection due to administrator command (57P01)');
    expect(unavailableReason(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});

describe('surviveDatabaseRejections', () => {
  /** Runs a script with the guard installed; its exit code and output. */
  const runGuarded = (rejection: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { surviveDatabaseRejections } from './server/db/availability.ts';
         surviveDatabaseRejections((line) => console.log(line));
         Promise.reject(${rejection});
         setTimeout(() => console.log('still running'), 200);`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
    );

  it('keeps the process running through an unawaited rejection from a database that went away', () => {
    const run = runGuarded("Object.assign(new Error('Connection terminated unexpectedly'), {})");
    expect(run.stdout).toContain('database unavailable (unawaited): Connection terminated unexpectedly');
    expect(run.stdout).toContain('still running');
    expect(run.status).toBe(0);
  });

  it('still ends the process on any other unhandled rejection', () => {
    const run = runGuarded("new TypeError('a real bug')");
    expect(run.stdout).not.toContain('still running');
    expect(run.stderr).toContain('a real bug');
    expect(run.status).not.toBe(0);
  });
});
