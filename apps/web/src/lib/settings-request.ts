// Asks the shell to open the Settings dialog on a given tab, from anywhere (the admin area sends an
// admin who must set up two-factor authentication there). A tiny store outside React.

export type SettingsTab = 'profile' | 'password' | 'two-factor';

type Listener = (tab: SettingsTab) => void;
const listeners = new Set<Listener>();

export function openSettings(tab: SettingsTab): void {
  for (const listener of listeners) listener(tab);
}

export function onSettingsRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
