import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from './locales';

type Messages = Record<string, string>;

/**
 * Catalogs load on demand: only the active language, and the admin panel's texts only on /admin,
 * so /login downloads no text it cannot show. Tests prime the store with every catalog.
 */
export type MessageGroup = 'app' | 'admin';

const loaders = import.meta.glob<Messages>('./messages/*/*.json', { import: 'default' });
const groupOf = (file: string): MessageGroup => (file.endsWith('/admin.json') ? 'admin' : 'app');

const loaded = new Map<string, Messages>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function isLoaded(locale: Locale, group: MessageGroup): boolean {
  return loaded.has(`${locale}:${group}`);
}

export async function loadMessages(locale: Locale, group: MessageGroup): Promise<void> {
  if (isLoaded(locale, group)) return;
  const files = Object.entries(loaders).filter(
    ([path]) => path.startsWith(`./messages/${locale}/`) && groupOf(path) === group,
  );
  const parts = await Promise.all(files.map(([, load]) => load()));
  loaded.set(`${locale}:${group}`, Object.assign({}, ...parts) as Messages);
  changed();
}

const groupsLoaded = (locale: Locale) =>
  (['app', 'admin'] as const).filter((group) => isLoaded(locale, group));

/** Whether every group loaded for one language is there for another too. */
export function hasSameGroups(from: Locale, to: Locale): boolean {
  return groupsLoaded(from).every((group) => isLoaded(to, group));
}

/** Every group already loaded for one language, loaded for another (used when switching). */
export async function loadSameGroups(from: Locale, to: Locale): Promise<void> {
  await Promise.all(groupsLoaded(from).map((group) => loadMessages(to, group)));
}

export function messagesFor(locale: Locale): Messages {
  return Object.assign({}, loaded.get(`${locale}:app`), loaded.get(`${locale}:admin`));
}

/** For tests: everything at once, synchronously. */
export function primeMessages(all: Record<Locale, Messages>): void {
  for (const [locale, messages] of Object.entries(all)) {
    loaded.set(`${locale}:app`, messages);
    loaded.set(`${locale}:admin`, {});
  }
  changed();
}

export function useMessagesVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

/** Loads a group for the current language; true once its texts are there. */
export function useMessageGroup(locale: Locale, group: MessageGroup): boolean {
  useMessagesVersion();
  const ready = isLoaded(locale, group);
  useEffect(() => {
    if (!ready) void loadMessages(locale, group);
  }, [locale, group, ready]);
  return ready;
}
