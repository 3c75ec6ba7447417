/**
 * `npm run test:nginx`: the static build behind Debian's nginx with deploy/nginx.conf, proxying
 * /api/ to the API server, and the browser journeys run against nginx only
 * (tests/nginx/playwright.config.ts). Skipped, with how to install it, when nginx is missing.
 *
 * nginx runs in the foreground from a temporary folder (its pid, logs and temp files there), with
 * a main config written here that includes deploy/nginx.conf after rewriting the lines marked
 * `# @name` in it (listen, root, API instance, brotli include): the deployed file itself is tested.
 *
 * NGINX_PORT and NGINX_API_PORT choose the ports; otherwise the OS picks free ones.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const started = Date.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';
const say = (line: string) => process.stdout.write(`${line}\n`);

function findNginx(): string | null {
  const candidates = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx'))];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function portFrom(name: string): Promise<number> {
  const raw = process.env[name];
  return raw ? Number(raw) : freePort();
}

/** Polls `url` until it answers (any status), the child exits, or the time is up. */
async function waitFor(url: string, child: ChildProcess, what: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before answering`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${what} did not answer at ${url} within ${seconds} s`);
}

/**
 * deploy/nginx.conf with its marked lines rewritten. A marker that is missing fails the run: the
 * test must serve the file people deploy, not an edited copy that drifted from it.
 */
function siteConfig(options: { port: number; apiPort: number; brotli: boolean }): string {
  const source = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const replacements: Record<string, string> = {
    listen: `listen 127.0.0.1:${options.port};`,
    'listen-v6': '',
    root: `root ${dist};`,
    'api-instance': `server 127.0.0.1:${options.apiPort};`,
    brotli: options.brotli ? `include ${join(root, 'deploy/nginx-brotli.conf')};` : '',
  };
  const seen = new Set<string>();
  const lines = source.split('\n').map((line) => {
    const marker = /^(\s*)\S.*#\s*@([\w-]+)\s*$/.exec(line);
    if (!marker) return line;
    const [, indent = '', name = ''] = marker;
    const replacement = replacements[name];
    if (replacement === undefined) throw new Error(`deploy/nginx.conf: unknown marker @${name}`);
    seen.add(name);
    return `${indent}${replacement}`;
  });
  const missing = Object.keys(replacements).filter((name) => !seen.has(name));
  if (missing.length > 0)
    throw new Error(`deploy/nginx.conf lacks the markers ${missing.map((m) => `@${m}`).join(', ')}`);
  return lines.join('\n');
}

function mainConfig(folder: string, brotli: boolean): string {
  const temp = (name: string) => join(folder, name);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    // As root, nginx would run its worker as `nobody`, which cannot read a checkout under /root.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    'events { worker_connections 256; }',
    'http {',
    `    include ${MIME_TYPES};`,
    '    default_type application/octet-stream;',
    '    sendfile on;',
    `    access_log ${temp('access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${temp(kind)};`),
    `    include ${temp('site.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** Sends `signal` and waits up to `seconds` for the exit, then kills. */
async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals, seconds: number) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), seconds * 1000);
  await exited;
  clearTimeout(timer);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env, cwd: root });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const nginx = findNginx();
if (!nginx) {
  say(
    'SKIPPED: nginx is not installed, so the static build behind nginx is not tested.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y nginx libnginx-mod-http-brotli-static\n' +
      '  (nginx at /usr/sbin/nginx or on PATH is enough; the brotli module is optional.)',
  );
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stderr.write(`Chromium was not found at ${chromium}; set CHROMIUM_PATH or install chromium.\n`);
  process.exit(1);
}
if (!existsSync(MIME_TYPES)) {
  process.stderr.write(`${MIME_TYPES} is missing; it comes with Debian's nginx-common package.\n`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) {
  say('dist/index.html is missing: building the app first.');
  const build = spawnSync(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const folder = mkdtempSync(join(tmpdir(), 'marketplace-nginx-'));
const dataDir = join(folder, 'data');
mkdirSync(dataDir);
const brotli = existsSync(BROTLI_MODULE);
const port = await portFrom('NGINX_PORT');
const apiPort = await portFrom('NGINX_API_PORT');
const nginxUrl = `http://127.0.0.1:${port}`;
const apiUrl = `http://127.0.0.1:${apiPort}`;

let api: ChildProcess | undefined;
let proxy: ChildProcess | undefined;
let status = 1;
const cleanUp = async () => {
  await Promise.all([stop(proxy, 'SIGQUIT', 5), stop(api, 'SIGTERM', 10)]);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}

try {
  api = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG: 'off',
      SKIP_BUILD: '1',
      // Links in e-mails open through nginx, like a deployment's PUBLIC_URL.
      PUBLIC_URL: nginxUrl,
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });

  writeFileSync(join(folder, 'site.conf'), siteConfig({ port, apiPort, brotli }));
  writeFileSync(join(folder, 'nginx.conf'), mainConfig(folder, brotli));
  const nginxArgs = ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', join(folder, 'error.log')];
  const check = spawnSync(nginx, [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  proxy = spawn(nginx, nginxArgs, { stdio: ['ignore', 'inherit', 'inherit'] });

  await waitFor(`${nginxUrl}/`, proxy, 'nginx', 10);
  await waitFor(`${apiUrl}/api/v1/schema/`, api, 'The API server', 90);
  say(`nginx ${nginxUrl} (brotli_static ${brotli ? 'on' : 'not installed'}) → API ${apiUrl}`);

  status = await run(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '--config',
      'tests/nginx/playwright.config.ts',
      ...process.argv.slice(2),
    ],
    {
      ...process.env,
      CHROMIUM_PATH: chromium,
      NGINX_URL: nginxUrl,
      API_URL: apiUrl,
      // The last project stops the API, to see what nginx answers with no instance left.
      API_PID: String(api.pid),
      NGINX_BROTLI: brotli ? '1' : '0',
      E2E_DATA_DIR: dataDir,
    },
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
} finally {
  await cleanUp();
  if (status !== 0 && existsSync(join(folder, 'error.log'))) {
    process.stderr.write(`\nnginx error log:\n${readFileSync(join(folder, 'error.log'), 'utf8')}`);
  }
  rmSync(folder, { recursive: true, force: true });
  say(
    `Static build behind nginx: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
process.exit(status);
