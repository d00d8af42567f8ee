// Runs synchronously in <head> before first paint, so a dark-theme visitor never sees a light flash.
// The key must equal STORAGE_KEYS.theme in domain/constants.ts (checked by client/lib/theme.test.ts).
// Kept external because the Content-Security-Policy forbids inline script.
(function () {
  try {
    var t = window.localStorage.getItem('theme');
    var dark = t === 'dark' || t === '"dark"';
    // The server renders the theme its cookie names (domain/page-render.ts THEME_COOKIE); a choice stored before
    // the cookie existed is mirrored into it here, so the next page arrives in the right theme.
    if (t && document.cookie.indexOf('theme=' + (dark ? 'dark' : 'light')) < 0) {
      document.cookie = 'theme=' + (dark ? 'dark' : 'light') + '; path=/; max-age=31536000; samesite=lax';
    }
    // A stored choice overrides the device's preference the server rendered for (the cookie was missing).
    if (t) document.documentElement.classList.remove('theme-system');
    if (dark) {
      document.documentElement.classList.add('dark');
      document.documentElement.style.colorScheme = 'dark';
      var metas = document.querySelectorAll('meta[name="theme-color"]');
      for (var i = 0; i < metas.length; i++) { metas[i].removeAttribute('media'); metas[i].setAttribute('content', '#0b1220'); }
    } else if (t) {
      document.documentElement.classList.remove('dark');
      document.documentElement.style.colorScheme = 'light';
    }
  } catch {
    // Storage disabled: stay on the light default.
  }
})();
