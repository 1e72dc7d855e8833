// The "Complete your profile" prompt opens by itself until the member completes the profile or
// skips it. A skip lasts for this browser session (this tab, until it closes): the prompt does not
// come back on every visit to /profile, but the profile keeps its gentle card until done.

const key = (userId: string) => `aesa.completeProfileSkipped.${userId}`;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage switched off: the prompt just comes back next time
  }
}

export function promptSkipped(userId: string): boolean {
  return storage()?.getItem(key(userId)) === '1';
}

export function skipPrompt(userId: string): void {
  try {
    storage()?.setItem(key(userId), '1');
  } catch {
    // full or switched off: skipping still closes the prompt for this page
  }
}
