// Generated from openapi/schema.yaml by `npm run api:types`; do not edit.

/** Paths whose operations all say `security: []`: no bearer token, no refresh. */
export const ANONYMOUS_PATHS: ReadonlySet<string> = new Set([
  "/api/v1/token",
  "/api/v1/token/refresh",
  "/api/v1/token/blacklist",
  "/api/v1/register/",
  "/api/v1/verify-email/",
  "/api/v1/schema/"
]);

/** Field patterns with the message the server answers when one fails (`x-pattern-message`). */
export const FIELD_PATTERNS = {
  "ProfileUpdate": {
    "phone": {
      "pattern": "^(\\+\\d{7,15})?$",
      "message": "Phone number must be a valid international format starting with + and contain 7-15 digits"
    }
  }
} as const;
