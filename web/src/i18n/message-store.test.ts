import { describe, expect, it, vi } from 'vitest';

describe('message store (catalogs on demand)', () => {
  it('loads one language at a time, and each group of texts only when asked', async () => {
    vi.resetModules();
    const store = await import('./message-store');
    expect(store.isLoaded('gl', 'public')).toBe(false);
    await store.loadMessages('gl', 'public');
    const first = store.messagesFor('gl');
    expect(first['header.logout']).toBe('Pechar sesión');
    expect(first['auth.login.title']).toBeDefined();
    const namespaces = new Set(Object.keys(first).map((key) => key.split('.')[0]));
    for (const other of ['admin', 'dashboard', 'persons', 'account', 'payments']) {
      expect(namespaces.has(other)).toBe(false);
    }
    expect(store.isLoaded('es', 'public')).toBe(false);

    await store.loadMessages('gl', 'resident');
    expect(store.messagesFor('gl')['dashboard.title']).toBeDefined();

    expect(store.hasSameGroups('gl', 'en')).toBe(false);
    await store.loadMessages('gl', 'admin');
    await store.loadSameGroups('gl', 'en');
    expect(store.hasSameGroups('gl', 'en')).toBe(true);
    expect(Object.keys(store.messagesFor('en')).some((key) => key.startsWith('admin.'))).toBe(true);
  });

  it('asked twice while loading, fetches once and answers both', async () => {
    vi.resetModules();
    const store = await import('./message-store');
    const one = store.loadMessages('en', 'resident');
    const two = store.loadMessages('en', 'resident');
    expect(two).toBe(one);
    await Promise.all([one, two]);
    expect(store.isLoaded('en', 'resident')).toBe(true);
  });
});
