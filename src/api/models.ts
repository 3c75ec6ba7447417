/** The contract's types the app uses, by the names the app speaks of them. */
import type { components, operations } from '@openapi/schema';

type Schemas = components['schemas'];

export type TokenPair = Schemas['TokenPair'];
export type Registration = Schemas['RegisterRequest'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type VerifyEmailQuery = NonNullable<operations['verifyEmail']['parameters']['query']>;
