import { useSyncExternalStore } from 'react';
import type { Locale } from './locales';
import { messageGroups, type MessageGroup } from './message-groups';

type Messages = Record<string, string>;

/**
 * Catalogs load on demand: only the active language, and of it only the groups the screens shown
 * so far need (message-groups.ts), so /login downloads no text it cannot show. Each group of a
 * language is one module (groups/<locale>-<group>.ts) and so one file of the build. Tests prime
 * the store with every catalog.
 */
const loaders = import.meta.glob<Messages>('./groups/*.ts', { import: 'default' });

const loaded = new Map<string, Messages>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function isLoaded(locale: Locale, group: MessageGroup): boolean {
  return loaded.has(`${locale}:${group}`);
}

/** Loads a group of one language's texts; asked again while it loads, the same promise. */
export function loadMessages(locale: Locale, group: MessageGroup): Promise<void> {
  const key = `${locale}:${group}`;
  if (loaded.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    const load = loaders[`./groups/${locale}-${group}.ts`];
    if (!load) return Promise.reject(new Error(`no texts for ${key}`));
    pending = load().then(
      (messages) => {
        loaded.set(key, messages);
        loading.delete(key);
        changed();
      },
      (error: unknown) => {
        loading.delete(key); // a later visit tries again
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

const groupsLoaded = (locale: Locale) => messageGroups.filter((group) => isLoaded(locale, group));

/** Whether every group loaded for one language is there for another too. */
export function hasSameGroups(from: Locale, to: Locale): boolean {
  return groupsLoaded(from).every((group) => isLoaded(to, group));
}

/** Every group already loaded for one language, loaded for another (used when switching). */
export async function loadSameGroups(from: Locale, to: Locale): Promise<void> {
  await Promise.all(groupsLoaded(from).map((group) => loadMessages(to, group)));
}

export function messagesFor(locale: Locale): Messages {
  return Object.assign({}, ...messageGroups.map((group) => loaded.get(`${locale}:${group}`)));
}

/** For tests: everything at once, synchronously. */
export function primeMessages(all: Record<Locale, Messages>): void {
  for (const [locale, messages] of Object.entries(all)) {
    for (const group of messageGroups) {
      loaded.set(`${locale}:${group}`, group === 'public' ? messages : {});
    }
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
