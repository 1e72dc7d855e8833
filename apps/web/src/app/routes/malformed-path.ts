/**
 * Whether an address's path has a broken percent-escape (/profile/%E0%A4%A): it names no page,
 * so it gets the 404 page rather than a screen that would read the broken part as a name.
 */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURI(pathname);
    return false;
  } catch {
    return true;
  }
}
