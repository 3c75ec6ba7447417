/**
 * Answers of a Django REST Framework back end (DRF 3.14, SimpleJWT 5.2) under the settings the
 * README's "Using your Django REST Framework back end" lists, written as their documentation and
 * source give them. The API-layer and screen tests replay them through the app.
 */
import { anOffer } from './fixtures';

/** A SimpleJWT token as the app handles it: opaque text. */
const jwt = (name: string) => `eyJhbGciOiJIUzI1NiJ9.${name}.c2lnbmF0dXJl`;

export const TOKENS = {
  expiredAccess: jwt('expired-access'),
  access: jwt('access-1'),
  refresh: jwt('refresh-1'),
  rotatedAccess: jwt('access-2'),
  rotatedRefresh: jwt('refresh-2'),
};

/**
 * `POST /api/v1/token/refresh` with `ROTATE_REFRESH_TOKENS = True`: TokenRefreshSerializer answers
 * a new refresh token beside the access token.
 */
export const rotatedPair = { access: TOKENS.rotatedAccess, refresh: TOKENS.rotatedRefresh };

/**
 * The same call with a refresh token rotated out (`BLACKLIST_AFTER_ROTATION = True`) or signed
 * out: InvalidToken raised from TokenError("Token is blacklisted").
 */
export const blacklisted = { status: 401, body: { detail: 'Token is blacklisted', code: 'token_not_valid' } };

/**
 * An expired access token on a protected view. JWTAuthentication raises InvalidToken with one
 * message per token class it tried; DRF answers 401 with `WWW-Authenticate` when JWTAuthentication
 * is the first authentication class, and 403 when SessionAuthentication comes first (DRF's own
 * default order), because the first class's `authenticate_header` decides.
 */
const tokenNotValid = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
};
export const expiredWithJwtFirst = {
  status: 401,
  body: tokenNotValid,
  headers: { 'WWW-Authenticate': 'Bearer realm="api"' },
};
export const expiredWithSessionFirst = { status: 403, body: tokenNotValid };

/**
 * A POST to a slash-less path of a back end whose URLs end in a slash (SimpleJWT's documented
 * `path('api/token/', ...)`, DRF's routers): Django's CommonMiddleware (APPEND_SLASH) redirects
 * with 301, which fetch follows as a GET, which the view refuses.
 */
export const getNotAllowed = { status: 405, body: { detail: 'Method "GET" not allowed.' } };
export const movedPermanently = { status: 301, body: {}, headers: { Location: '/api/v1/token/' } };
export const permanentRedirect = { status: 308, body: {}, headers: { Location: '/api/v1/token/' } };

/**
 * Decimals as JSON numbers (`COERCE_DECIMAL_TO_STRING = False`, or an annotated Sum that bypasses
 * DecimalField): 12.5 for "12.50", 20 for "20.00". DateTimeField's default output keeps the
 * microseconds and writes the offset of the project's TIME_ZONE (Europe/Berlin: +01:00 in winter).
 */
export function offerWithNumbers(overrides: Record<string, unknown> = {}) {
  return {
    ...anOffer({
      start: '2026-11-01T09:00:00.123456+01:00',
      end: '2026-12-31T23:00:00+01:00',
      uploaded_at: '2026-10-20T12:00:00.000001+02:00',
      published_at: '2026-10-21T12:00:00.5+02:00',
      version: 3,
    }),
    unit_price: 12.5,
    ...overrides,
  };
}

/** The same instants in UTC, as the reference server writes them. */
export const OFFER_TIMES_UTC = { start: '2026-11-01T08:00:00Z', end: '2026-12-31T22:00:00Z' };

export const pageOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/**
 * Validation errors of a list serializer (`many=True`, as a bulk update or counter-offer validates
 * its items): one entry per item in request order, `{}` for an item without errors.
 */
export const nestedOfferErrors = (index: number, field: string, message: string) => ({
  offers: Array.from({ length: index + 1 }, (_, i) => (i === index ? { [field]: [message] } : {})),
});
export const nestedLineErrors = (index: number, field: string, message: string) => ({
  lines: Array.from({ length: index + 1 }, (_, i) => (i === index ? { [field]: [message] } : {})),
});
/** DecimalField's and IntegerField's messages. */
export const DECIMAL_PLACES = 'Ensure that there are no more than 2 decimal places.';
export const MIN_ONE = 'Ensure this value is greater than or equal to 1.';
