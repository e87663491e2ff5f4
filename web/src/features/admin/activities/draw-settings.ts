import type { FieldErrors } from '../../../lib/forms/field-errors';
import { isoToMadridLocal, madridLocalToIso } from '../../../lib/madrid-time';
import type { Activity, ActivityWrite } from '../api/activities';
import type { Msg } from '../components/messages';

/**
 * Who goes first and what the draw mixes in (issue 49): a lottery's public value's source and
 * its reserved places for a circumstance, and the priority groups of a lottery or first-come
 * activity. The checks mirror the server's (services/season/priority-groups.ts, draws.ts).
 */

/** A priority group as the form holds it; `key` keeps React's rows apart. */
export interface GroupRow {
  key: number;
  name: string;
  /** In the order staff ticked them (a group read back keeps the stored order). */
  circumstanceIds: number[];
  /** Mode `windows`: the group's opening, Madrid wall clock; '' the activity's. */
  opensAt: string;
}
export type GroupPart = 'name' | 'circumstances' | 'opensAt';
/** A group's field as the error summary names it: `group.<row>.<part>`. */
export type GroupField = `group.${number}.${GroupPart}`;

export type DrawSettingsField =
  | 'publicValueSource'
  | 'publicValueDescription'
  | 'reservedPlaces'
  | 'reservedCircumstanceId'
  | 'priorityMode';

export const MAX_GROUPS = 5;
export const GROUP_NAME_MAX = 80;

export const emptyDrawSettings: Record<DrawSettingsField, string> & { priorityGroups: GroupRow[] } =
  {
    publicValueSource: '',
    publicValueDescription: '',
    reservedPlaces: '',
    reservedCircumstanceId: '',
    priorityMode: '',
    priorityGroups: [],
  };

let nextGroupKey = 1;
export const groupRow = (row: Partial<Omit<GroupRow, 'key'>> = {}): GroupRow => ({
  key: nextGroupKey++,
  name: '',
  circumstanceIds: [],
  opensAt: '',
  ...row,
});

export function drawSettingsToForm(activity: Activity): typeof emptyDrawSettings {
  const reserved = activity.reserved_places ?? 0;
  return {
    publicValueSource: activity.public_value_source ?? '',
    publicValueDescription: activity.public_value_description ?? '',
    reservedPlaces: reserved > 0 ? String(reserved) : '',
    reservedCircumstanceId:
      reserved > 0 && activity.reserved_circumstance_id != null
        ? String(activity.reserved_circumstance_id)
        : '',
    priorityMode: activity.priority_mode ?? '',
    priorityGroups: (activity.priority_groups ?? []).map((g) =>
      groupRow({
        name: g.name,
        circumstanceIds: [...g.circumstance_ids],
        opensAt: g.opens_at ? isoToMadridLocal(g.opens_at) : '',
      }),
    ),
  };
}

type Values = Record<DrawSettingsField, string> & { priorityGroups: GroupRow[] };
type DrawPayload = Pick<
  ActivityWrite,
  | 'public_value_source'
  | 'public_value_description'
  | 'reserved_places'
  | 'reserved_circumstance_id'
  | 'priority_mode'
  | 'priority_groups'
>;

/** The mode the groups take: a lottery's chosen one (ranked unless told), first come's windows. */
export const modeOf = (allocation: string, mode: string): 'ranked' | 'windows' =>
  allocation === 'lottery' && mode !== 'windows' ? 'ranked' : 'windows';

/**
 * The checks the server makes, field by field: an announced value named in 3–300 characters;
 * reserved places a whole number no more than the places, with their circumstance; each group
 * named, "everyone" (no circumstance) only the last, and in mode `windows` each opening a valid
 * time no later than the activity's and no earlier than the group before's.
 */
export function checkDrawSettings(
  v: Values,
  activity: { allocation: string; capacity: number | null; openAt: string | null },
): {
  errors: FieldErrors<DrawSettingsField | GroupField>;
  details: Partial<Record<DrawSettingsField | GroupField, Msg>>;
  payload: DrawPayload;
} {
  const errors: FieldErrors<DrawSettingsField | GroupField> = {};
  const details: Partial<Record<DrawSettingsField | GroupField, Msg>> = {};
  const payload: DrawPayload = {};
  if (activity.allocation === 'none') return { errors, details, payload };
  const lottery = activity.allocation === 'lottery';

  if (lottery) {
    const source = v.publicValueSource === 'announced' || v.publicValueSource === 'drand';
    const description = v.publicValueDescription.trim().replace(/\s+/g, ' ');
    if (v.publicValueSource === 'announced' && (description.length < 3 || description.length > 300))
      errors.publicValueDescription = 'admin.activities.publicValue.descriptionRequired';
    payload.public_value_source = source ? (v.publicValueSource as 'announced' | 'drand') : null;
    payload.public_value_description = v.publicValueSource === 'announced' ? description : null;

    const text = v.reservedPlaces.trim();
    const reserved = text === '' ? 0 : /^\d+$/.test(text) ? Number(text) : null;
    const circumstance = v.reservedCircumstanceId ? Number(v.reservedCircumstanceId) : null;
    if (reserved === null || reserved > 100_000)
      errors.reservedPlaces = 'admin.activities.reserved.invalid';
    else if (activity.capacity !== null && reserved > activity.capacity)
      details.reservedPlaces = {
        id: 'admin.activities.reserved.overCapacity',
        values: { capacity: activity.capacity },
      };
    else if (reserved > 0 && circumstance === null)
      errors.reservedCircumstanceId = 'admin.activities.reserved.circumstanceRequired';
    payload.reserved_places = reserved ?? 0;
    payload.reserved_circumstance_id = reserved ? circumstance : null;
  }

  const groups = v.priorityGroups;
  const mode = modeOf(activity.allocation, v.priorityMode);
  let previous = '';
  payload.priority_groups = groups.map((g, i) => {
    const name = g.name.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (name === '' || name.length > GROUP_NAME_MAX)
      errors[`group.${i}.name`] = 'admin.activities.groups.nameRequired';
    if (g.circumstanceIds.length === 0 && i < groups.length - 1)
      errors[`group.${i}.circumstances`] = 'admin.activities.groups.everyoneLast';
    let opensAt: string | null = null;
    if (mode === 'windows' && g.opensAt.trim() !== '') {
      opensAt = madridLocalToIso(g.opensAt);
      if (opensAt === null) errors[`group.${i}.opensAt`] = 'admin.activities.invalidDateTime';
      else if (activity.openAt !== null && opensAt > activity.openAt)
        errors[`group.${i}.opensAt`] = 'admin.activities.groups.windowAfterOpen';
      else if (opensAt < previous)
        errors[`group.${i}.opensAt`] = 'admin.activities.groups.windowsOrder';
      if (opensAt !== null) previous = opensAt;
    }
    return { name, circumstance_ids: g.circumstanceIds, opens_at: opensAt };
  });
  payload.priority_mode = groups.length > 0 ? mode : null;
  return { errors, details, payload };
}

/** The form field a 422 item about these settings names (loc after "body"). */
export function drawFieldOf(
  loc: readonly (string | number)[],
): DrawSettingsField | GroupField | null {
  const [name, index, part] = loc;
  if (name === 'priority_groups') {
    if (typeof index !== 'number') return 'priorityMode';
    const parts: Record<string, GroupPart> = {
      name: 'name',
      circumstance_ids: 'circumstances',
      opens_at: 'opensAt',
    };
    const found = typeof part === 'string' ? parts[part] : undefined;
    return found ? `group.${index}.${found}` : `group.${index}.name`;
  }
  const fields: Record<string, DrawSettingsField> = {
    public_value_source: 'publicValueSource',
    public_value_description: 'publicValueDescription',
    reserved_places: 'reservedPlaces',
    reserved_circumstance_id: 'reservedCircumstanceId',
    priority_mode: 'priorityMode',
  };
  return typeof name === 'string' ? (fields[name] ?? null) : null;
}

/** The field a 409 of the server is about: settings fixed once the applications open. */
export function drawConflictField(code: string): DrawSettingsField | null {
  const fields: Record<string, DrawSettingsField> = {
    public_value_source_fixed: 'publicValueSource',
    reserved_places_fixed: 'reservedPlaces',
    priority_groups_fixed: 'priorityMode',
  };
  return fields[code] ?? null;
}
