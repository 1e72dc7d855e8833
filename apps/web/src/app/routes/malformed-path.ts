/** The path with its percent-escapes decoded, or null when one of them is broken. */
export function decodedPath(pathname: string): string | null {
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

/**
 * Whether an address's path has a broken percent-escape (/profile/%E0%A4%A): it names no page,
 * so it gets the 404 page rather than a screen that would read the broken part as a name.
 */
export const isMalformedPath = (pathname: string) => decodedPath(pathname) === null;
