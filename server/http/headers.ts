import type { MiddlewareHandler } from 'hono';

/**
 * No inline script anywhere: the theme is applied before first paint by an external file. The one
 * inline style allowed, by hash, is the touch-action rule React Aria's usePress injects once
 * (react-aria 3.53); the e2e tests fail on any CSP report in the console if it changes.
 */
const REACT_ARIA_PRESS_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${REACT_ARIA_PRESS_STYLE}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent on every response. deploy/nginx.conf repeats them; the nginx test checks they agree. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Set before the answer exists, so every answer made through the context (c.json, c.body, the
 * error handler, serveStatic) starts from them. Set on an answer already made, each header turned
 * @hono/node-server's lightweight response into a full web Response whose body was then encoded
 * and streamed: under load, about a fifth of the server's CPU.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
  await next();
};

export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
