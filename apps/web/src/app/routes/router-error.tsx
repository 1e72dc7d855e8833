import { MSG } from '@aesa/shared/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';

/** The router's errorElement: a screen that failed to load or to render. */
export function RouterErrorRoute() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Error</title>
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{MSG.routerError}</h1>
      <p className="mt-3 text-slate-700">Something went wrong while showing this page. Reloading usually helps.</p>
      {detail ? <p className="mt-2 text-sm break-words text-slate-600">{detail}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses({ size: 'lg' })} onClick={() => window.location.reload()}>
          Reload page
        </button>
        {/* A plain link: a full load gets a fresh copy of the app after an update. */}
        <a href="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Return to Home
        </a>
      </div>
    </div>
  );
}
