import type { Context } from 'hono';
import type { SignInThrottle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { ChangeStamps } from './db/change-stamps';
import type { Database, OpenedDatabase } from './db/client';
import type { Contract } from './http/contract';
import type { Outbox } from './mail/outbox';

/** What every route module receives; tests build one with a temporary database. */
export interface ServerContext {
  db: Database;
  /** `pglite`: this process alone uses the database, over one connection; `postgres`: a server, maybe shared. */
  databaseKind: OpenedDatabase['kind'];
  contract: Contract;
  tokens: TokenService;
  signInThrottle: SignInThrottle;
  outbox: Outbox;
  /** PUBLIC_URL, an origin without a trailing slash: links in e-mails are built on it. */
  publicUrl: string;
  /** TRUSTED_PROXIES, normalised: peers whose X-Forwarded-For names the client. */
  trustedProxies: ReadonlySet<string>;
  now: () => Date;
}

/** The signed-in caller, as the database holds it when the request arrives (server/http/auth.ts). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  permissions: string[];
  isSuperuser: boolean;
  /** behaviour §6: a seller is a user whose profile holds add_offer. */
  isSeller: boolean;
}

export type AppEnv = {
  Variables: {
    user: AuthUser;
    /** The change stamps as the request arrived; set with `user`. */
    stamps: ChangeStamps;
    /** Set once a request passed authentication and reached its operation (it may write from here on). */
    handling: boolean;
  };
};
export type AppContext = Context<AppEnv>;
