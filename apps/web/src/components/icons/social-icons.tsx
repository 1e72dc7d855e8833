// Simple inline marks for the footer's social row (no external images: the CSP and the spec).

const common = { viewBox: '0 0 24 24', className: 'size-5', 'aria-hidden': true as const, fill: 'currentColor' };

export function LinkedInIcon() {
  return (
    <svg {...common}>
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.06c.53-.95 1.83-1.95 3.77-1.95 4.03 0 4.77 2.55 4.77 5.86V21h-4v-5.1c0-1.22-.02-2.78-1.73-2.78-1.73 0-2 1.3-2 2.7V21h-4z" />
    </svg>
  );
}

export function XIcon() {
  return (
    <svg {...common}>
      <path d="M17.75 3h3.07l-6.7 7.65L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.72H5.57z" />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function FacebookIcon() {
  return (
    <svg {...common}>
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.87.25-1.46 1.5-1.46h1.6V4.46A21 21 0 0 0 14.3 4.3c-2.3 0-3.8 1.4-3.8 3.97v2.23H8v3h2.5V21z" />
    </svg>
  );
}

export function YouTubeIcon() {
  return (
    <svg {...common}>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.77-1.77C18.27 5 12 5 12 5s-6.27 0-7.83.43A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.77 1.77C5.73 19 12 19 12 19s6.27 0 7.83-.43a2.5 2.5 0 0 0 1.77-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z" />
    </svg>
  );
}

export function GitHubIcon() {
  return (
    <svg {...common}>
      <path d="M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.46-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.61.07-.61 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.64 0 0 .84-.27 2.75 1.02a9.5 9.5 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.37.2 2.39.1 2.64.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2z" />
    </svg>
  );
}

export function StackOverflowIcon() {
  return (
    <svg {...common}>
      <path d="M17.4 20.6v-5.3h1.8V22.4H3.7v-7.1h1.8v5.3z" />
      <path d="M7.4 18.8h8.2V17H7.4zm.2-3.9 8 1.7.4-1.8-8-1.7zm1-3.8 7.4 3.5.8-1.7-7.4-3.5zm2.1-3.7 6.3 5.2 1.2-1.4-6.3-5.2zm4-3.9-1.5 1.1 4.9 6.6 1.5-1.1z" />
    </svg>
  );
}

export function MediumIcon() {
  return (
    <svg {...common}>
      <ellipse cx="6.8" cy="12" rx="5.3" ry="5.5" />
      <ellipse cx="15.9" cy="12" rx="2.6" ry="5.2" />
      <ellipse cx="20.6" cy="12" rx="1.1" ry="4.7" />
    </svg>
  );
}
