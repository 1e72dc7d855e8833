import fs from 'node:fs';

// Which Chromium the browser tests drive (decision 090). Both are Debian's build of the same
// version, with the same Blink, V8 and network stack; the headless shell leaves out the desktop
// browser around them, which on a two-core machine took about a quarter of a run's CPU. A test that
// needs what only the full browser has (its PDF viewer) asks for it with `test.use(FULL_BROWSER)`.
// E2E_CHROMIUM picks another binary for the whole run.

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The suite's browser: the headless shell where it is installed (CI installs it), else Chromium. */
export const SUITE_CHROMIUM = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/** For `test.use`: the full browser, as a member's desktop Chromium opens a PDF in a tab. */
export const FULL_BROWSER = { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } };
