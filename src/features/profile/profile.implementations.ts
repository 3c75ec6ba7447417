/** My Account's calls: GET and POST /api/v1/profile. */
import type { ApiClient } from '@/api/client';
import type { ProfileUpdate } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { load, submission } from '@/core/workflows';

export const PROFILE_LOAD_FALLBACK = 'Your profile could not be loaded.';
export const PROFILE_SAVE_FALLBACK = 'Your profile could not be saved.';

export const profileLoadLogic = (api: ApiClient) =>
  load((_: undefined, signal) => unwrap(api.GET('/api/v1/profile', { signal })));

export const profileSaveLogic = (api: ApiClient) =>
  submission((body: ProfileUpdate, signal) => unwrap(api.POST('/api/v1/profile', { body, signal })));
