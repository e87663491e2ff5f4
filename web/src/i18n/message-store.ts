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
/** One promise per group asked for, kept once it has loaded (a failed one is dropped). */
const requests = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Marks a promise settled the way React's use() reads it (`status`, `value`/`reason`), so a
 * component asking for texts that are already here renders at once instead of suspending for a
 * turn of the event loop.
 */
function tracked(promise: Promise<void>): Promise<void> {
  const thenable = promise as Promise<void> & { status?: string; value?: void; reason?: unknown };
  thenable.status = 'pending';
  promise.then(
    () => Object.assign(thenable, { status: 'fulfilled', value: undefined }),
    (reason: unknown) => Object.assign(thenable, { status: 'rejected', reason }),
  );
  return promise;
}

const settled = (): Promise<void> =>
  Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

export function isLoaded(locale: Locale, group: MessageGroup): boolean {
  return loaded.has(`${locale}:${group}`);
}

/**
 * Loads a group of one language's texts. Asked again, the same promise, while it loads and once it
 * has loaded: React's use() needs the one it suspended on (lazy-with-texts.tsx).
 */
export function loadMessages(locale: Locale, group: MessageGroup): Promise<void> {
  const key = `${locale}:${group}`;
  let request = requests.get(key);
  if (request) return request;
  if (loaded.has(key)) {
    request = settled(); // primed by a test
  } else {
    const load = loaders[`./groups/${locale}-${group}.ts`];
    if (!load) return Promise.reject(new Error(`no texts for ${key}`));
    request = tracked(
      load().then(
        (messages) => {
          loaded.set(key, messages);
          changed();
        },
        (error: unknown) => {
          requests.delete(key); // a later visit tries again
          throw error;
        },
      ),
    );
  }
  requests.set(key, request);
  return request;
}

/** The groups of one language's texts loaded so far. */
export const loadedGroups = (locale: Locale): MessageGroup[] =>
  messageGroups.filter((group) => isLoaded(locale, group));

/** Whether every group loaded for one language is there for another too. */
export function hasSameGroups(from: Locale, to: Locale): boolean {
  return loadedGroups(from).every((group) => isLoaded(to, group));
}

/** Every group already loaded for one language, loaded for another (used when switching). */
export async function loadSameGroups(from: Locale, to: Locale): Promise<void> {
  await Promise.all(loadedGroups(from).map((group) => loadMessages(to, group)));
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
