/**
 * Applies the theme preference (light, dark, or the system's) to <html data-theme>, following
 * changes from My Account, other tabs and the operating system. `public/theme-init.js` did the
 * same before first paint, so this never flashes.
 */
import { useEffect } from 'react';
import { themePreference } from '@/lib/preferences';

export function applyTheme() {
  const preference = themePreference.read();
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const dark = preference === 'dark' || (preference === 'system' && systemDark);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function ThemeSync() {
  useEffect(() => {
    applyTheme();
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', applyTheme);
    const stop = themePreference.subscribe(applyTheme);
    return () => {
      media?.removeEventListener('change', applyTheme);
      stop();
    };
  }, []);
  return null;
}
