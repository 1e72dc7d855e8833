import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { setDrawnAt } from './lib/drawn-at.ts';

/** The drawings of the kinds of event, at their built addresses: the server draws an event's picture with them. */
export { EVENT_ART } from './lib/events.ts';

// The build's prerender (scripts/build.mjs) draws each public page with this module: the
// same routes and components as the browser, as a visitor sees them before any data arrives.
// The client hydrates that markup (main.tsx). No loader data exists, so nothing is serialized
// into the page (hydrate={false}): the server's CSP allows no inline script.

export interface PrerenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
}

/** Draws the page at `url` as on `drawnAt` (the date it shows, such as the footer's year). */
export async function prerender(url: string, drawnAt: Date): Promise<PrerenderedPage> {
  setDrawnAt(drawnAt);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered with a redirect while prerendering`);
  if (context.errors) throw new Error(`${url} failed while prerendering: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html };
}
