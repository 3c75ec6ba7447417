import type { MiddlewareHandler } from 'hono';

/**
 * No inline script anywhere: the theme is applied before first paint by an external file. The one
 * inline style allowed, by hash, is the touch-action rule React Aria's usePress injects once
 * (react-aria 3.53); the e2e tests fail on any CSP report in the console if it changes.
 */
const REACT_ARIA_PRESS_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

const CONTENT_SECURITY_POLICY = [
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

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
};

export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
