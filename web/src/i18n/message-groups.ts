/**
 * Which catalogs (messages/<locale>/<catalog>.json) travel together: each group of a language is
 * the module groups/<locale>-<group>.ts, one file of the build. /login downloads only the public
 * group (the shell's and the sign-in screens' texts); a resident's screens bring theirs with
 * their code, and the admin panel its own. Tests check that the three languages group their
 * catalogs alike, that every catalog is in one group, and that each screen uses only ids of the
 * groups it loads.
 */
export type MessageGroup = 'public' | 'resident' | 'admin';

export const messageGroups: readonly MessageGroup[] = ['public', 'resident', 'admin'];
