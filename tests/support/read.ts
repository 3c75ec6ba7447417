/** A value as the API client hands it over: its amounts read into cents by the app's own reader. */
import type { Read } from '@openapi/schema.facts';
import { readAmounts } from '@/api/read-money';

export const asRead = <T>(wire: T): Read<T> => readAmounts(wire, true) as Read<T>;
