import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { useApi } from '@/app/api-context';
import { SessionContext } from '@/app/session-context';
import { popupBasket, themePreference, themePreferences } from '@/lib/preferences';
import { useForm } from '@/lib/use-form';
import { usePersisted } from '@/lib/use-persisted';
import { Button } from '@/ui/button';
import { notify } from '@/ui/notify';
import { Page } from '@/ui/page';
import { Radio, RadioGroup } from '@/ui/radio-group';
import { Switch } from '@/ui/switch';
import { TextField } from '@/ui/text-field';
import {
  asProfile,
  createProfileLoadLogic,
  createProfileSaveLogic,
  PROFILE_LOAD_FALLBACK,
  PROFILE_SAVE_FALLBACK,
  type Profile,
} from '../profile.implementations';
import '../profile.css';

const PHONE_MESSAGE = 'Phone number must be a valid international format starting with + and contain 7-15 digits';

/** SPEC section 5, phone rule: empty, or + followed by 7 to 15 digits; names are free text. */
const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().check(z.trim(), z.regex(/^(\+\d{7,15})?$/, PHONE_MESSAGE)),
  company: z.string(),
});

/** /profile (My Account): the user's details, read from and saved to the server, and preferences. */
export function ProfilePage() {
  const clients = useApi();
  const [logic] = useState(() => createProfileLoadLogic(clients));
  const loading = useActorRef(logic, { input: { fallback: PROFILE_LOAD_FALLBACK } });
  const profile = useSelector(loading, (s) => (s.matches('succeeded') ? asProfile(s.context.result) : null));
  const isLoading = useSelector(loading, (s) => s.hasTag('busy'));
  const problem = useSelector(loading, (s) => s.context.problem);
  const load = () => loading.send({ type: 'form.submit', values: {} });

  useEffect(() => {
    loading.send({ type: 'form.submit', values: {} });
  }, [loading]);

  return (
    <Page title="My Account">
      <section className="profile__card" aria-labelledby="profile-details-title" aria-busy={isLoading}>
        <h2 id="profile-details-title">Details</h2>
        {profile ? (
          <ProfileForm profile={profile} />
        ) : problem && !isLoading ? (
          <div role="alert" className="profile__problem">
            <p>{problem}</p>
            <Button onPress={load}>Try again</Button>
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
  const clients = useApi();
  const session = SessionContext.useActorRef();
  const [logic] = useState(() => createProfileSaveLogic(clients));
  const saving = useActorRef(logic, { input: { fallback: PROFILE_SAVE_FALLBACK } });
  const isSaving = useSelector(saving, (s) => s.hasTag('busy'));
  const { first_name, last_name, phone, company } = profile;
  const form = useForm(profileSchema, { first_name, last_name, phone, company });

  useEffect(() => {
    const succeeded = saving.on('form.succeeded', ({ result }) => {
      notify({ type: 'success', message: 'Profile saved' });
      session.send({ type: 'profile.changed', profile: asProfile(result) });
    });
    const failed = saving.on('form.failed', ({ message, fieldErrors }) => {
      const landed = form.showServerErrors(fieldErrors);
      // Field errors speak for themselves; the snackbar carries anything else the server said.
      if (!landed || message !== PROFILE_SAVE_FALLBACK) notify({ type: 'error', message });
    });
    return () => {
      succeeded.unsubscribe();
      failed.unsubscribe();
    };
  }, [saving, session, form.showServerErrors]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (!values) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
    const save = { type: 'form.submit' as const, values: trimmed };
    if (saving.getSnapshot().can(save)) saving.send(save);
  };

  return (
    <form className="profile__form" onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
      <TextField label="Email" value={profile.email} isReadOnly description="Your sign-in address." />
      <div className="profile__row">
        <TextField label="First name" autoComplete="given-name" maxLength={150} {...form.field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={150} {...form.field('last_name')} />
      </div>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        description="Optional. International format, for example +4930123456."
        {...form.field('phone')}
      />
      <TextField label="Company" autoComplete="organization" maxLength={200} {...form.field('company')} />
      <div className="profile__actions">
        <Button type="submit" variant="primary" isPending={isSaving}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Browser-only settings: they apply at once and are remembered (SPEC section 4). */
function Preferences() {
  const [isPopupBasket, setPopupBasket] = usePersisted(popupBasket);
  const [theme, setTheme] = usePersisted(themePreference);
  const chooseTheme = (value: string) => {
    const chosen = themePreferences.find((option) => option === value);
    if (!chosen) return;
    setTheme(chosen);
  };

  return (
    <section className="profile__card" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Preferences</h2>
      <Switch isSelected={isPopupBasket} onChange={setPopupBasket}>
        Popup basket
      </Switch>
      <RadioGroup label="Theme" value={theme} onChange={chooseTheme} orientation="horizontal">
        <Radio value="light">Light</Radio>
        <Radio value="dark">Dark</Radio>
        <Radio value="system">System</Radio>
      </RadioGroup>
    </section>
  );
}
