/**
 * Which catalogs (messages/<locale>/<catalog>.json) travel together. /login downloads only the
 * shell's and the sign-in screens' texts; a resident's screens bring theirs with their code, and
 * the admin panel its own. A test checks that each screen uses only ids of the groups it loads.
 * Also read by the Vite config, which makes one chunk per language and group.
 */
export type MessageGroup = 'public' | 'resident' | 'admin';

export const messageGroups: readonly MessageGroup[] = ['public', 'resident', 'admin'];

const PUBLIC_CATALOGS = new Set(['shell', 'auth']);

export function groupOfCatalog(catalog: string): MessageGroup {
  if (catalog === 'admin') return 'admin';
  return PUBLIC_CATALOGS.has(catalog) ? 'public' : 'resident';
}

/** The group of a catalog file's path (…/messages/es/auth.json → public). */
export function groupOfCatalogFile(path: string): MessageGroup {
  const name = /([\w-]+)\.json$/.exec(path)?.[1];
  if (!name) throw new Error(`not a catalog file: ${path}`);
  return groupOfCatalog(name);
}
