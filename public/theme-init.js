// Applies the stored theme before the first paint, so there is no flash of the wrong theme.
// External (not inline) so the Content-Security-Policy can forbid inline script.
(function () {
  var preference = 'system';
  try {
    var raw = localStorage.getItem('marketplace:theme');
    var parsed = raw === null ? 'system' : JSON.parse(raw);
    if (parsed === 'light' || parsed === 'dark' || parsed === 'system') preference = parsed;
  } catch (e) {
    // Unreadable storage: keep the system preference.
  }
  var dark = preference === 'dark' || (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
