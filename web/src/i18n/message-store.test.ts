import { describe, expect, it, vi } from 'vitest';

describe('message store (catalogs on demand)', () => {
  it('loads one language at a time, and the admin texts only when asked', async () => {
    vi.resetModules();
    const store = await import('./message-store');
    expect(store.isLoaded('gl', 'app')).toBe(false);
    await store.loadMessages('gl', 'app');
    const app = store.messagesFor('gl');
    expect(app['header.logout']).toBe('Pechar sesión');
    expect(Object.keys(app).some((key) => key.startsWith('admin.'))).toBe(false);
    expect(store.isLoaded('es', 'app')).toBe(false);

    expect(store.hasSameGroups('gl', 'en')).toBe(false);
    await store.loadMessages('gl', 'admin');
    await store.loadSameGroups('gl', 'en');
    expect(store.hasSameGroups('gl', 'en')).toBe(true);
    expect(Object.keys(store.messagesFor('en')).some((key) => key.startsWith('admin.'))).toBe(true);
  });
});
