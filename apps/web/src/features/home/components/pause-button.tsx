/** Stops and restarts a moving slideshow (WCAG 2.2.2): a small round control beside its dots. */
export function PauseButton({
  paused,
  onToggle,
  what,
  tone = 'light',
}: {
  paused: boolean;
  onToggle: () => void;
  what: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={paused ? `Play ${what}` : `Pause ${what}`}
      className={
        tone === 'light'
          ? 'flex size-8 items-center justify-center rounded-full text-white hover:bg-white/15'
          : 'flex size-8 items-center justify-center rounded-full text-navy-900 hover:bg-slate-200'
      }
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
      </svg>
    </button>
  );
}
