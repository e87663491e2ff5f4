/**
 * Which catalogs (messages/<locale>/<catalog>.json) travel together: each group of a language is
 * the module groups/<locale>-<group>.ts, one file of the build. /login downloads only the public
 * group (the shell's and the login form's texts). The other steps of getting in (registration,
 * account recovery, an administrator's second factor: `access`), a resident's screens and the
 * admin panel bring theirs with their code (i18n/lazy-with-texts.tsx). Tests check that the three
 * languages group their catalogs alike, that every catalog is in one group, and that each screen
 * uses only ids of the groups it loads.
 */
export type MessageGroup = 'public' | 'access' | 'resident' | 'admin';

export const messageGroups: readonly MessageGroup[] = ['public', 'access', 'resident', 'admin'];
