// Applies the stored theme before the first paint, so there is no flash of the wrong theme.
// External (not inline) so the Content-Security-Policy can forbid inline script.
(() => {
  let preference = 'system';
  try {
    const raw = localStorage.getItem('marketplace:theme');
    const parsed = raw === null ? 'system' : JSON.parse(raw);
    if (parsed === 'light' || parsed === 'dark' || parsed === 'system') preference = parsed;
  } catch {
    // Unreadable storage: keep the system preference.
  }
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const dark = preference === 'dark' || (preference === 'system' && systemDark);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
