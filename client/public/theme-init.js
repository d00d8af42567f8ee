// Runs synchronously in <head> before first paint, so a dark-theme visitor never sees a light flash.
// The key must equal STORAGE_KEYS.theme in domain/constants.ts (checked by client/lib/theme.test.ts).
// Kept external because the Content-Security-Policy forbids inline script.
(function () {
  try {
    var t = window.localStorage.getItem('theme');
    if (t === 'dark' || t === '"dark"') {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
      var m = document.querySelector('meta[name="theme-color"]');
      if (m) m.setAttribute('content', '#0b1220');
    }
  } catch {
    // Storage disabled: stay on the light default.
  }
})();
