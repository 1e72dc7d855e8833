import { type FormEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration.ts';
import { useSubscribeToNewsletter } from '../api/subscribe.ts';

type Outcome = { kind: 'done'; message: string } | { kind: 'failed'; message: string } | null;

/**
 * The footer's newsletter sign-up: the address goes to the server, the visitor sees its thanks and
 * an empty field, or its error text with what they typed kept for a correction.
 *
 * The one form without react-hook-form: it is in the footer of every page, and the form library
 * would add about 14 KB (gzip) to every page's first download for one field. The browser checks
 * the address (type=email, required) and the server applies the shared rule and says why.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The footer is part of every prerendered page: an address typed before the script arrived stays.
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, email, setEmail);
  // Before the script arrives the form cannot send: the button waits for it, so that neither a
  // click nor Enter submits the page to itself and loses the address.
  const hydrated = useHydrated();
  const subscribe = useSubscribeToNewsletter();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    subscribe.mutate(email.trim(), {
      onSuccess: (res) => {
        setEmail('');
        setOutcome({ kind: 'done', message: res.message });
      },
      onError: (error) => setOutcome({ kind: 'failed', message: error.message }),
    });
  }

  const messageId = `${id}-outcome`;
  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-white">
        Subscribe to our newsletter
      </h2>
      <p className="mt-1 text-sm text-slate-300">News, events and opportunities, straight to your inbox.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={field}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (outcome?.kind === 'failed') setOutcome(null);
          }}
          aria-invalid={outcome?.kind === 'failed' ? true : undefined}
          aria-describedby={outcome ? messageId : undefined}
          className="h-11 min-w-0 rounded-lg border border-white/30 bg-white/10 px-3 text-white placeholder:text-slate-300 focus:border-accent-300 focus:outline-2 focus:outline-offset-0 focus:outline-accent-300 sm:flex-1"
        />
        <button
          type="submit"
          disabled={!hydrated || subscribe.isPending}
          className="h-11 rounded-lg bg-accent-300 px-4 text-sm font-semibold text-navy-900 hover:bg-sky-200 disabled:cursor-wait disabled:opacity-80"
        >
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {/* Always in the page, so that screen readers announce what appears in it. */}
      <div role="status" aria-live="polite">
        {outcome ? (
          <p
            id={messageId}
            className={cn(
              'mt-2 flex items-start gap-1.5 text-sm font-medium',
              outcome.kind === 'done' ? 'text-green-300' : 'text-red-300',
            )}
          >
            <span aria-hidden="true">{outcome.kind === 'done' ? '✓' : '!'}</span>
            {outcome.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
