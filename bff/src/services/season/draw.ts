import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * The public draw (sorteo) of a lottery activity's places, as a rule anyone can recompute:
 * before the applications open the server commits to a secret seed by publishing its SHA-256;
 * after they close it publishes the seed, and every application's rank follows from the seed and
 * the application's public code alone. Nobody chooses the order, and nobody (the council
 * included) can choose the seed after seeing the applications without the commitment showing it.
 */

/**
 * The rule of a draw made before a public value was named (rule 1): still how those draws are
 * recomputed, and how a lottery that names no public value is drawn.
 */
export const DRAW_ALGORITHM_V1 =
  'Each application\'s key is the lower-case hex SHA-256 of the UTF-8 text seed + ":" + code; ' +
  'applications are ranked by key, smallest first; the first `capacity` are offered a place and ' +
  'the rest wait in that order. The seed_commitment published before the applications opened ' +
  'is the SHA-256 of the seed text.';

/** Rule 2: the committed seed mixed with a public value nobody knew when applications closed. */
export const DRAW_ALGORITHM =
  'draw_seed is the lower-case hex SHA-256 of the UTF-8 text seed + ":" + public_value. ' +
  'Each application\'s key is the lower-case hex SHA-256 of the UTF-8 text draw_seed + ":" + ' +
  'code; applications are ranked by key, smallest first; the first `capacity` are offered a ' +
  'place and the rest wait in that order. The seed_commitment published before the ' +
  "applications opened is the SHA-256 of the seed text; the public value's source was named " +
  'then too.';

/** Which rule a draw follows: 1, the seed alone; 2, the seed mixed with the public value. */
export type DrawRuleVersion = 1 | 2;

export const drawAlgorithm = (version: DrawRuleVersion) =>
  version === 1 ? DRAW_ALGORITHM_V1 : DRAW_ALGORITHM;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A new secret seed: 32 random bytes as 64 lower-case hex characters. */
export const newDrawSeed = (): string => randomBytes(32).toString('hex');

/** What is published before the draw: the SHA-256 of the seed's 64-character text. */
export const seedCommitment = (seed: string): string => sha256Hex(seed);

/** Rule 2's seed: the committed secret mixed with the public value, SHA-256(seed:public value). */
export const drawSeed = (seed: string, publicValue: string): string =>
  sha256Hex(`${seed}:${publicValue}`);

/** The seed the ranks follow from under a rule: rule 1 the committed seed itself. */
export const rankingSeed = (version: DrawRuleVersion, seed: string, publicValue: string | null) =>
  version === 1 ? seed : drawSeed(seed, publicValue ?? '');

/** An application's rank key: the SHA-256 of `seed:code`. */
export const rankKey = (seed: string, code: string): string => sha256Hex(`${seed}:${code}`);

/** Letters and digits no one misreads when a code is read aloud or copied (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/**
 * A short public code for an application: random, so it says nothing about the person (31^8,
 * about 850,000 million codes); the database's unique index catches the rare repeat.
 */
export function newApplicationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What the draw needs to know of an application besides its code. */
export interface DrawEntry {
  code: string;
  /** A joint application's shared code (its members are one ballot); null or absent alone. */
  joint_code?: string | null;
  /** The applicant's priority group (1 first), fixed when they applied; null: after every group. */
  priority_group?: number | null;
  /** Whether the person holds the reserved places' circumstance on the draw's day. */
  reserved_eligible?: boolean;
}

/** How the council's bases give out the places. */
export interface DrawRules {
  capacity: number;
  /** Places kept first for holders of a circumstance; those unused join the general ones. */
  reserved?: number;
  /**
   * The places left when the next ballot is larger: `next_fits`, the next ballots that fit take
   * them; `wait_for_group`, they stay free (nobody after it is offered one at the draw).
   */
  jointFit?: 'next_fits' | 'wait_for_group';
  /** Rank group by group (every ballot of group 1 before any of group 2). */
  groupsRanked?: boolean;
}

export interface DrawnApplication<T> {
  application: T;
  /** The ballot's rank: a joint application's members share it. */
  rank: number;
  outcome: 'offered' | 'waitlisted';
  /** 1, 2, … among the waitlisted ballots; null when offered. */
  waitlistPosition: number | null;
  /** Offered one of the reserved places. */
  reservedPlace: boolean;
}

interface Ballot<T> {
  code: string;
  key: string;
  group: number;
  members: T[];
}

/**
 * The draw's result for the applications that take part (those not withdrawn before it).
 * Applications sharing a `joint_code` are one ballot, keyed by that code: ranked once, offered
 * together when the places left are enough for all of them, otherwise waiting together with the
 * ballot's rank. Ballots are ranked by key, smallest first (group by group when `groupsRanked`:
 * a ballot's group is its members' first). The reserved places go first, in rank order, to the
 * ballots whose every member holds the circumstance, while they fit; the places left of them
 * join the general ones, which go in rank order to the ballots not offered yet, under the
 * council's `jointFit`; the rest wait in rank order.
 */
export function drawPlaces<T extends DrawEntry>(
  seed: string,
  rules: number | DrawRules,
  applications: readonly T[],
): DrawnApplication<T>[] {
  const {
    capacity,
    reserved = 0,
    jointFit = 'next_fits',
    groupsRanked = false,
  } = typeof rules === 'number' ? { capacity: rules } : rules;
  const byCode = new Map<string, Ballot<T>>();
  for (const application of applications) {
    const code = application.joint_code ?? application.code;
    let ballot = byCode.get(code);
    if (!ballot) {
      ballot = { code, key: rankKey(seed, code), group: Infinity, members: [] };
      byCode.set(code, ballot);
    }
    ballot.members.push(application);
    if (groupsRanked && application.priority_group != null)
      ballot.group = Math.min(ballot.group, application.priority_group);
  }
  const ballots = [...byCode.values()].sort((a, b) =>
    a.group !== b.group ? a.group - b.group : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  for (const ballot of ballots)
    ballot.members.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const offered = new Map<Ballot<T>, boolean>(); // ballot → took a reserved place
  let reservedLeft = Math.min(reserved, capacity);
  for (const ballot of ballots) {
    const size = ballot.members.length;
    if (size <= reservedLeft && ballot.members.every((m) => m.reserved_eligible === true)) {
      offered.set(ballot, true);
      reservedLeft -= size;
    }
  }
  let generalLeft = capacity - Math.min(reserved, capacity) + reservedLeft;
  for (const ballot of ballots) {
    if (offered.has(ballot)) continue;
    const size = ballot.members.length;
    if (size <= generalLeft) {
      offered.set(ballot, false);
      generalLeft -= size;
    } else if (jointFit === 'wait_for_group') break;
  }

  let waiting = 0;
  return ballots.flatMap((ballot, i) => {
    const reservedPlace = offered.get(ballot);
    const position = reservedPlace === undefined ? ++waiting : null;
    return ballot.members.map((application) => ({
      application,
      rank: i + 1,
      outcome: position === null ? ('offered' as const) : ('waitlisted' as const),
      waitlistPosition: position,
      reservedPlace: reservedPlace === true,
    }));
  });
}
