// The start of a prerendered page's script (apps/web/scripts/build.mjs writes it beside the
// assets, named by its content). A prerendered page is readable before its script runs: on a slow
// connection every byte of script fetched alongside the stylesheet delays the first paint, so the
// app's module and its preloads are requested only once the page has painted (or at once when the
// page opens in a hidden tab, where nothing paints until it is shown).
(() => {
  const { entry, preload = '' } = document.currentScript.dataset;
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  }
  if (document.visibilityState === 'hidden') start();
  // A frame's callbacks run before its paint; a task queued from there runs after it.
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
