import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser's alert, confirm and prompt freeze the page (and the live results), look like the
// browser rather than the portal, and cannot carry the portal's words and buttons: the screens
// use the in-app dialogs (app-dialogs.tsx, confirm-dialog.tsx, alert-dialog.tsx) instead.
const SRC = path.resolve(import.meta.dirname, '../..');
const NATIVE = /\b(?:window|globalThis|self)\s*\.\s*(?:alert|confirm|prompt)\b|(?<![.\w])(?:alert|confirm|prompt)\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('dialogs', () => {
  it('no screen calls the browser\'s own alert, confirm or prompt', () => {
    const calls = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.replace(/\/\/.*$|^\s*\*.*$/, ''), at: `${path.relative(SRC, file)}:${i + 1}` }))
        .filter(({ line }) => NATIVE.test(line) && !/\bconfirm\(text: string\)/.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(calls).toEqual([]);
  });
});
