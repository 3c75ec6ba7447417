import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { Profile } from './session.types';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type Role = 'seller' | 'client';

/** behaviour §6: the role derives from the profile; add_offer makes a seller. */
export const roleOf = (profile: Profile): Role => (profile.permissions.includes('add_offer') ? 'seller' : 'client');

/** behaviour §6: a superuser passes all; otherwise one matching permission is enough. */
export function hasAnyPermission(profile: Profile, required: readonly string[]): boolean {
  if (required.length === 0 || profile.is_superuser) return true;
  return required.some((permission) => profile.permissions.some((held) => held === permission));
}

export const selectProfile = (s: SessionSnapshot) => s.context.profile;

/** The signed-in user's role (behaviour §6); null while there is no profile. */
export const selectRole = (s: SessionSnapshot): Role | null => (s.context.profile ? roleOf(s.context.profile) : null);

export const selectDisplayName = (s: SessionSnapshot) => {
  const profile = s.context.profile;
  if (!profile) return '';
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email;
};
