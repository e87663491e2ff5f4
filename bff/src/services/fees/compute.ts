/**
 * A fee as a council's ordinance writes it, in integer cents: the tariff by age, then the
 * reduction a circumstance gives and the family discount, the most favourable one alone unless
 * the council's ordinance stacks them. Pure: the callers read the rules, the approvals and the
 * family's fees, and every amount a resident sees or pays comes from here.
 */

/** An age band of an activity's price: ages min_age to max_age inclusive (null: no upper limit). */
export interface Tariff {
  min_age: number;
  max_age: number | null;
  price_cents: number;
  /** The band a person without a birth date pays. */
  is_default: boolean;
}

export interface FeeActivity {
  price_cents: number;
  /** Empty: the single price. */
  tariffs: readonly Tariff[];
  /** The day ages are counted on ('YYYY-MM-DD'): the activity's own, else its start date. */
  age_on: string | null;
  start_date: string | null;
  /** False: no circumstance reduces this activity's fee (an exception to the council's rules). */
  reductions_apply: boolean;
}

/** What a circumstance gives: a share off (basis points, 10000 = free) or a fixed price. */
export type ReductionRule =
  | { circumstance_id: number; percent_bp: number; price_cents?: undefined }
  | { circumstance_id: number; price_cents: number; percent_bp?: undefined };

export interface FamilyRule {
  /** From this member of the family on (2 = the second and later). */
  from_member: number;
  percent_bp: number;
}

export interface FeeRules {
  reductions: readonly ReductionRule[];
  family: readonly FamilyRule[];
  /** The ordinance stacks them: the best reduction, then the family discount on what is left. */
  cumulative: boolean;
}

/**
 * A circumstance the person holds: approved (its last day `valid_until`; absent: no end), or one
 * by age (every person within its ages). Ages bound a declaration too. It reduces a fee when it
 * is in force on the activity's reference day and the person's age that day is within its ages.
 */
export interface Approval {
  circumstance_id: number;
  name: string;
  valid_until?: string | null;
  /** Ages it is for, inclusive (null max: no upper limit); both absent or null: any age. */
  min_age?: number | null;
  max_age?: number | null;
}

export interface Breakdown {
  tariff_price_cents: number;
  /** Null for a single price. */
  tariff: {
    min_age: number;
    max_age: number | null;
    age: number | null;
    is_default: boolean;
  } | null;
  reduction: {
    circumstance_id: number;
    name: string;
    percent_bp: number | null;
    price_cents: number | null;
    off_cents: number;
  } | null;
  family_discount: { member: number; percent_bp: number; off_cents: number } | null;
}

export interface Fee {
  amount_cents: number;
  breakdown: Breakdown;
}

/** Whole years from a birth date to a day (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** A share off, rounded to the cent half up (as the spec's global discount is). */
export const percentOff = (cents: number, percentBp: number): number =>
  Math.round((cents * (10000 - percentBp)) / 10000);

/** The day a fee is judged on: the activity's own, else its start date, else today. */
export const referenceDay = (activity: FeeActivity, today: string): string =>
  activity.age_on ?? activity.start_date ?? today;

/** Whether an age is within a circumstance's ages (no bounds: any age, a missing one too). */
export function withinAges(
  bounds: { min_age?: number | null; max_age?: number | null },
  age: number | null,
): boolean {
  const min = bounds.min_age ?? null;
  const max = bounds.max_age ?? null;
  if (min === null && max === null) return true;
  return age !== null && age >= (min ?? 0) && (max === null || age <= max);
}

/** The approvals that reduce a fee judged on `day` for a person of `age` that day. */
export const heldOn = (approvals: readonly Approval[], day: string, age: number | null) =>
  approvals.filter(
    (a) =>
      (a.valid_until === undefined || a.valid_until === null || a.valid_until >= day) &&
      withinAges(a, age),
  );

/** The band of an age, or the default band for a person without a birth date (or an age no band holds). */
export function tariffOf(
  activity: FeeActivity,
  birthDate: string | null,
  today: string,
): { price_cents: number; tariff: Breakdown['tariff'] } {
  if (activity.tariffs.length === 0) return { price_cents: activity.price_cents, tariff: null };
  const day = referenceDay(activity, today);
  const age = birthDate === null ? null : ageOn(birthDate, day);
  const band =
    age === null
      ? undefined
      : activity.tariffs.find((t) => age >= t.min_age && (t.max_age === null || age <= t.max_age));
  const chosen = band ?? activity.tariffs.find((t) => t.is_default) ?? activity.tariffs[0]!;
  return {
    price_cents: chosen.price_cents,
    tariff: {
      min_age: chosen.min_age,
      max_age: chosen.max_age,
      age: band ? age : null,
      is_default: band === undefined,
    },
  };
}

/** What a reduction rule makes of a price (never more than the price). */
const reduced = (price: number, rule: ReductionRule): number =>
  rule.percent_bp !== undefined
    ? percentOff(price, rule.percent_bp)
    : Math.min(price, rule.price_cents);

/** The family rule for the Nth member: the one with the highest from_member not above N. */
export function familyRuleFor(rules: readonly FamilyRule[], member: number): FamilyRule | null {
  let best: FamilyRule | null = null;
  for (const rule of rules)
    if (rule.from_member <= member && (!best || rule.from_member > best.from_member)) best = rule;
  return best;
}

/**
 * One person's fee for one activity. `member` is the fee's place among its family's fees in the
 * same fee group (familyPositions), or null outside any group.
 */
export function computeFee(input: {
  activity: FeeActivity;
  birthDate: string | null;
  today: string;
  approvals: readonly Approval[];
  rules: FeeRules;
  member: number | null;
}): Fee {
  const { activity, rules } = input;
  const base = tariffOf(activity, input.birthDate, input.today);
  const price = base.price_cents;

  // the best circumstance reduction the person holds, if the activity takes reductions
  let reduction: Breakdown['reduction'] = null;
  let afterReduction = price;
  if (activity.reductions_apply) {
    const day = referenceDay(activity, input.today);
    const age = input.birthDate === null ? null : ageOn(input.birthDate, day);
    for (const approval of heldOn(input.approvals, day, age)) {
      const rule = rules.reductions.find((r) => r.circumstance_id === approval.circumstance_id);
      if (!rule) continue;
      const amount = reduced(price, rule);
      if (reduction === null || amount < afterReduction) {
        afterReduction = amount;
        reduction = {
          circumstance_id: approval.circumstance_id,
          name: approval.name,
          percent_bp: rule.percent_bp ?? null,
          price_cents: rule.price_cents ?? null,
          off_cents: price - amount,
        };
      }
    }
  }

  const family = input.member === null ? null : familyRuleFor(rules.family, input.member);
  const familyOn = (cents: number) =>
    family === null
      ? null
      : {
          member: input.member!,
          percent_bp: family.percent_bp,
          off_cents: cents - percentOff(cents, family.percent_bp),
        };

  if (rules.cumulative) {
    const discount = familyOn(afterReduction);
    return {
      amount_cents: afterReduction - (discount?.off_cents ?? 0),
      breakdown: {
        tariff_price_cents: price,
        tariff: base.tariff,
        reduction,
        family_discount: discount,
      },
    };
  }
  // not cumulative: the most favourable single one (a circumstance's when they tie)
  const discount = familyOn(price);
  const familyAmount = discount === null ? price : price - discount.off_cents;
  const familyWins = discount !== null && familyAmount < afterReduction;
  return {
    amount_cents: familyWins ? familyAmount : afterReduction,
    breakdown: {
      tariff_price_cents: price,
      tariff: base.tariff,
      reduction: familyWins ? null : reduction,
      family_discount: familyWins ? discount : null,
    },
  };
}

/** A fee of a family's in one fee group, as the ranking reads it. */
export interface GroupFee {
  key: string;
  /** The tariff's price: the dearer fees come first, so discounts fall on the cheaper ones. */
  price_cents: number;
  enrolment_id: number;
  activity_id: number;
}

/**
 * Each fee's place among its family's fees of one fee group: by tariff price, dearest first
 * (ties by person, then activity), so the 2nd, 3rd… member's discounts go to the cheaper fees.
 * A person counts once: their fees in the group share the place of the first of them.
 */
export function familyPositions(fees: readonly GroupFee[]): Map<string, number> {
  const sorted = [...fees].sort(
    (a, b) =>
      b.price_cents - a.price_cents ||
      a.enrolment_id - b.enrolment_id ||
      a.activity_id - b.activity_id,
  );
  const placeOfPerson = new Map<number, number>();
  const out = new Map<string, number>();
  for (const fee of sorted) {
    let place = placeOfPerson.get(fee.enrolment_id);
    if (place === undefined) {
      place = placeOfPerson.size + 1;
      placeOfPerson.set(fee.enrolment_id, place);
    }
    out.set(fee.key, place);
  }
  return out;
}
