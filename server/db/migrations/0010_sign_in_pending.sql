-- Sign-in attempts whose password is still being checked (server/auth/throttle.ts). Until now an
-- attempt counted as failed from the moment it started, so correct sign-ins made in parallel
-- throttled each other. Now an attempt's rows start out pending: only a refused password turns
-- them into failures, a successful sign-in deletes them, and a new attempt that pending ones could
-- push over the limit waits for them to be decided. A pending row older than a few seconds was
-- left by a process that died while checking, and counts as a failure. Rows written before this
-- migration were counted as failures, and stay so.

ALTER TABLE sign_in_failures ADD COLUMN pending boolean NOT NULL DEFAULT false;
