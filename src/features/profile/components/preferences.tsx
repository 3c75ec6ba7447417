import { selectRole } from '@machines/session/session.selectors';
import { SessionContext } from '@/core/session/session';
import { popupBasket, themePreference, themePreferences } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { Radio, RadioGroup } from '@/ui/radio-group';
import { Switch } from '@/ui/switch';

/**
 * Browser-only settings on My Account: they apply at once and are remembered (behaviour §4). Each
 * is offered to the role it applies to: sellers have no basket (behaviour §6), so no popup basket.
 */
export function Preferences() {
  const hasBasket = SessionContext.useSelector(selectRole) === 'client';
  const [isPopupBasket, setPopupBasket] = usePersisted(popupBasket);
  const [theme, setTheme] = usePersisted(themePreference);
  const chooseTheme = (value: string) => {
    const chosen = themePreferences.find((option) => option === value);
    if (chosen) setTheme(chosen);
  };

  return (
    <section className="profile__card" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Preferences</h2>
      {hasBasket && (
        <Switch isSelected={isPopupBasket} onChange={setPopupBasket}>
          Popup basket
        </Switch>
      )}
      <RadioGroup label="Theme" value={theme} onChange={chooseTheme} orientation="horizontal">
        <Radio value="light">Light</Radio>
        <Radio value="dark">Dark</Radio>
        <Radio value="system">System</Radio>
      </RadioGroup>
    </section>
  );
}
