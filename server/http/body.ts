import type { Context } from 'hono';
import { HttpError } from './errors';

/** The JSON body, or a DRF-style 400 when it is not JSON. An empty body reads as `undefined`. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` });
  }
}
