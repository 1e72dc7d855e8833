import { useState } from 'react';

/** Past this many characters a description is cut to three lines, so one long text does not stretch its row of cards. */
const LONG_DESCRIPTION = 160;

export function RoleDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  return (
    <div className="mt-1 text-sm text-slate-700">
      <p className={long && !open ? 'line-clamp-3 break-words' : 'break-words'}>{text}</p>
      {long ? (
        <button type="button" className="mt-1 text-xs font-semibold text-brand-700 underline-offset-2 hover:underline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show the whole description'}
        </button>
      ) : null}
    </div>
  );
}
