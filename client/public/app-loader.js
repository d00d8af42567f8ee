// Starts loading the app once the server-rendered page has painted (client/main.tsx hydrates it, once the document
// is fully parsed: the first paint may come before the parser reaches the end of a long page). The page needs no script
// to show, so the app's code is fetched after the first paint instead of competing with the stylesheet and the
// largest image on a slow connection. Written into index.html by vite.config.ts (appLoader) in place of the entry's
// module script; the page's own chunks, when the server names them (server/plugins/pages.ts), are preloaded with it.
// External: the Content-Security-Policy forbids inline script.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var k in attrs) el.setAttribute(k, attrs[k]);
    document.head.appendChild(el);
  }
  function start() {
    var chunks = [];
    try {
      var list = document.getElementById('page-chunks');
      chunks = list ? JSON.parse(list.textContent || '[]') : [];
    } catch {
      // A damaged list only costs the preloads: the app still loads what it needs.
      chunks = [];
    }
    var preloads = (me.getAttribute('data-preload') || '').split(' ').concat(chunks);
    for (var i = 0; i < preloads.length; i++) if (preloads[i]) add('link', { rel: 'modulepreload', href: preloads[i], crossorigin: '' });
    add('script', { type: 'module', src: entry, crossorigin: '' });
  }
  // After the first frame is painted (a hidden tab starts when it is shown).
  requestAnimationFrame(function () { setTimeout(start, 0); });
})();
