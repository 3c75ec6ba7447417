import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';

/** `GET /api/v1/schema/`: the contract itself, as YAML (default) or JSON. */
export function schemaRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/schema/', (c) => {
    const query = ctx.contract.query('readSchema', c.req.query());
    if (query.format === 'json') return c.json(ctx.contract.document);
    return c.body(ctx.contract.yaml, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
  });
}
