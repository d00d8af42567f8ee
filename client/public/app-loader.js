// Starts loading the app once the server-rendered page has painted (client/main.tsx hydrates it, once the document
// is fully parsed: the first paint may come before the parser reaches the end of a long page). The page needs no script
// to show, so the app's code is fetched after the first paint instead of competing with the stylesheet and the
// largest image on a slow connection. Written into index.html by vite.config.ts (appLoader) in place of the entry's
// module script; the page's own chunks, when the server names them (server/plugins/pages.ts), are preloaded with it.
// External: the Content-Security-Policy forbids inline script.
(function () {
  // Issue 35 §2: a tap that comes before the app has started must still do its job. Links and forms work without
  // the app; a button that only the app handles does nothing until then, so its taps (and a choice in a select) are
  // kept here and handed to the app once it has started (client/lib/early-events.ts replays them: React hydrates
  // the part a replayed tap lands in at once, and runs its handler).
  var early = [];
  function keep(e) {
    if (!(e.target instanceof Element)) return;
    if (e.type === 'change') {
      if (e.target.tagName === 'SELECT') early.push({ type: 'change', target: e.target, value: e.target.value });
    } else if (isAppButton(e.target)) {
      early.push({ type: 'click', target: e.target });
    }
  }
  function isAppButton(el) {
    var button = el.closest('button, [role="button"]');
    // A submit button submits its form, and a link navigates, without the app.
    return !!button && !button.closest('a[href]') && !(button.tagName === 'BUTTON' && button.type !== 'button');
  }
  document.addEventListener('click', keep, true);
  document.addEventListener('change', keep, true);
  window.__takeEarlyEvents = function () {
    document.removeEventListener('click', keep, true);
    document.removeEventListener('change', keep, true);
    window.__takeEarlyEvents = undefined;
    return early;
  };

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
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    start();
  }
  // After the first contentful paint, as the browser records it (paint timing; a hidden tab paints, and so starts,
  // when it is shown). A frame callback and a timeout, used before, could run before the paint was recorded: the
  // app's requests then came before it, and Lighthouse counted them against first paint (FCP 1.1-1.6 s in some runs
  // instead of 0.9 s, docs/PERFORMANCE.md "The app waits for the recorded first paint").
  var paintTiming = ((window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []).indexOf('paint') >= 0;
  if (paintTiming) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      startOnce();
    }).observe({ type: 'paint', buffered: true });
  }
  // Without paint timing, once the page has loaded; where no contentful paint is recorded, 3 s after that.
  window.addEventListener('load', function () { setTimeout(startOnce, paintTiming ? 3000 : 0); });
})();
