/** The SimpleJWT pair, kept in localStorage so every tab shares one session (SPEC section 4). */
import { z } from 'zod/mini';
import { persisted } from '@/lib/persisted';

const tokenSchema = z.nullable(z.string().check(z.minLength(1)));

export const accessToken = persisted('access-token', tokenSchema, null);
export const refreshToken = persisted('refresh-token', tokenSchema, null);

export function storeTokens(tokens: { access: string; refresh?: string }) {
  accessToken.write(tokens.access);
  if (tokens.refresh !== undefined) refreshToken.write(tokens.refresh);
}

export function clearTokens() {
  accessToken.remove();
  refreshToken.remove();
}
