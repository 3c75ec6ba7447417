/** Registration and the e-mail verification check; both anonymous (`security: []`). */
import type { ApiClient } from '@/api/client';
import type { Registration, VerifyEmailQuery } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { load, submission } from '@/core/workflows';

/** behaviour §8: the sign-up fallback. */
export const SIGN_UP_FALLBACK = 'Something went wrong';
/** behaviour §8: the verify-email fallback. */
export const VERIFY_EMAIL_FALLBACK = 'Please contact support for assistance';

export const registrationLogic = (api: ApiClient) =>
  submission((body: Registration, signal) => unwrap(api.POST('/api/v1/register/', { body, signal })));

export const verificationLogic = (api: ApiClient) =>
  load((query: VerifyEmailQuery, signal) => unwrap(api.GET('/api/v1/verify-email/', { params: { query }, signal })));
