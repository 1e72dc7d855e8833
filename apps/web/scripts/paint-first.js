// The start of a prerendered page's script (apps/web/scripts/build.mjs writes it beside the
// assets, named by its content). A prerendered page is readable before its script runs: on a slow
// connection every byte of script fetched alongside the stylesheet delays the first paint, so the
// app's module and its preloads are requested only once the page has painted, and its largest
// picture with it (or at once when the page opens in a hidden tab, where nothing paints until it
// is shown).
(() => {
  const { entry, preload = '' } = document.currentScript.dataset;

  // A tap on a button before the app runs would do nothing (the menu stays shut) or the wrong thing
  // (a form's button sends the form to the page itself): it is held here, and the app taps the
  // button again once it has taken the page over (src/lib/held-clicks.ts). Links work as links.
  const held = [];
  function hold(event) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
  }
  document.addEventListener('click', hold, true);
  window.takeHeldClicks = () => {
    document.removeEventListener('click', hold, true);
    return held.splice(0);
  };

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
  // A frame's callbacks run before its paint; a task queued from there runs after it.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  // The page's largest picture, when the server drew one in (the first event card's, an event's
  // own; marked fetchpriority="high"), comes first too: the script's bytes would share the link
  // with it. The app waits until the picture is decoded (ready for the next frame) and that frame
  // painted, or the picture fails, at most PICTURE_FIRST_MS.
  const PICTURE_FIRST_MS = 3000;
  const picture = document.querySelector('img[fetchpriority="high"]');
  if (document.visibilityState === 'hidden') start();
  else if (picture) {
    picture.decode().then(afterPaint, afterPaint);
    setTimeout(start, PICTURE_FIRST_MS);
  } else afterPaint();
})();
