import { FIELD_LIMITS, FIELD_PATTERNS } from '@openapi/schema.facts';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import type { Profile } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useForm } from '@/core/forms/use-form';
import { SessionContext } from '@/core/session/session';
import { useLoad } from '@/core/use-load';
import { Button } from '@/ui/button';
import { notify } from '@/ui/notify';
import { Page } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { Preferences } from '../components/preferences';
import {
  PROFILE_LOAD_FALLBACK,
  PROFILE_SAVE_FALLBACK,
  profileLoadLogic,
  profileSaveLogic,
} from '../profile.implementations';
import '../profile.css';

/** behaviour §5, phone rule, as the contract states it; names are free text up to the contract's lengths. */
const phoneRule = FIELD_PATTERNS.ProfileUpdate.phone;
const BOUNDS = FIELD_LIMITS.ProfileUpdate;
const profileSchema = z.object({
  first_name: z.string().check(z.trim()),
  last_name: z.string().check(z.trim()),
  phone: z.string().check(z.trim(), z.regex(new RegExp(phoneRule.pattern), phoneRule.message)),
  company: z.string().check(z.trim()),
});

/** /profile (My Account): the user's details, read from and saved to the server, and preferences. */
export function ProfilePage() {
  const { result: profile, problem, retry } = useLoad(useApiLogic(profileLoadLogic), undefined, PROFILE_LOAD_FALLBACK);

  return (
    <Page title="My Account">
      <section className="profile__card" aria-labelledby="profile-details-title" aria-busy={!profile && !problem}>
        <h2 id="profile-details-title">Details</h2>
        {profile ? (
          <ProfileForm profile={profile} />
        ) : problem ? (
          <div role="alert" className="profile__problem">
            <p>{problem}</p>
            <Button onPress={retry}>Try again</Button>
          </div>
        ) : (
          <p role="status">Loading your profile…</p>
        )}
      </section>
      <Preferences />
    </Page>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const session = SessionContext.useActorRef();
  const saving = useActorRef(useApiLogic(profileSaveLogic), { input: { fallback: PROFILE_SAVE_FALLBACK } });
  const { first_name, last_name, phone, company } = profile;
  const form = useForm({
    schema: profileSchema,
    initial: { first_name, last_name, phone, company },
    workflow: saving,
    toEvent: (input) => ({ type: 'submission.submit', input }),
    failure: { type: 'submission.failed', fallback: PROFILE_SAVE_FALLBACK },
  });

  useEffect(() => {
    const subscription = saving.on('submission.succeeded', ({ result }) => {
      notify({ type: 'success', message: 'Profile saved' });
      session.send({ type: 'profile.changed', profile: result });
    });
    return () => subscription.unsubscribe();
  }, [saving, session]);

  return (
    <form className="profile__form" onSubmit={form.submit} noValidate aria-labelledby="profile-details-title">
      <TextField label="Email" value={profile.email} isReadOnly description="Your sign-in address." />
      <div className="profile__row">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={BOUNDS.first_name.maxLength}
          {...form.field('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={BOUNDS.last_name.maxLength}
          {...form.field('last_name')}
        />
      </div>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        description="Optional. International format, for example +4930123456."
        {...form.field('phone')}
      />
      <TextField
        label="Company"
        autoComplete="organization"
        maxLength={BOUNDS.company.maxLength}
        {...form.field('company')}
      />
      <div className="profile__actions">
        <Button type="submit" variant="primary" isPending={form.isBusy}>
          Save
        </Button>
      </div>
    </form>
  );
}
