import { describe, expect, it } from 'vitest';
import { checkDrawSettings, drawConflictField, drawFieldOf, groupRow } from './draw-settings';

const blank = {
  publicValueSource: '',
  publicValueDescription: '',
  reservedPlaces: '',
  reservedCircumstanceId: '',
  priorityMode: '',
  priorityGroups: [],
};
const lottery = { allocation: 'lottery', capacity: 20, openAt: '2026-12-01T08:00:00.000Z' };

describe('the draw settings as the server checks them', () => {
  it('sends nothing for an activity without places, and none of the lottery’s for first come', () => {
    expect(checkDrawSettings(blank, { ...lottery, allocation: 'none' }).payload).toEqual({});
    expect(checkDrawSettings(blank, { ...lottery, allocation: 'first_come' }).payload).toEqual({
      priority_groups: [],
      priority_mode: null,
    });
  });

  it('names an announced value in 3 to 300 characters, spaces as one', () => {
    const short = checkDrawSettings(
      { ...blank, publicValueSource: 'announced', publicValueDescription: ' ON ' },
      lottery,
    );
    expect(short.errors).toEqual({
      publicValueDescription: 'admin.activities.publicValue.descriptionRequired',
    });
    const named = checkDrawSettings(
      { ...blank, publicValueSource: 'announced', publicValueDescription: ' Cupón  ONCE 16/12 ' },
      lottery,
    );
    expect(named.errors).toEqual({});
    expect(named.payload).toMatchObject({
      public_value_source: 'announced',
      public_value_description: 'Cupón ONCE 16/12',
    });
  });

  it.each([
    ['2.5', { errors: { reservedPlaces: 'admin.activities.reserved.invalid' } }],
    [
      '21',
      {
        details: {
          reservedPlaces: {
            id: 'admin.activities.reserved.overCapacity',
            values: { capacity: 20 },
          },
        },
      },
    ],
    ['2', { errors: { reservedCircumstanceId: 'admin.activities.reserved.circumstanceRequired' } }],
  ])('refuses %s reserved places as the server would', (reservedPlaces, expected) => {
    expect(checkDrawSettings({ ...blank, reservedPlaces }, lottery)).toMatchObject(expected);
  });

  it('keeps "everyone" for the last group and the windows in order, no later than the opening', () => {
    const groups = [
      groupRow({ name: 'Todos', opensAt: '2026-11-30T09:00' }),
      groupRow({ name: 'Pensionistas', circumstanceIds: [2], opensAt: '2026-11-29T09:00' }),
      groupRow({ name: 'Tarde', circumstanceIds: [1], opensAt: '2026-12-02T09:00' }),
    ];
    const check = checkDrawSettings(
      { ...blank, priorityMode: 'windows', priorityGroups: groups },
      lottery,
    );
    expect(check.errors).toEqual({
      'group.0.circumstances': 'admin.activities.groups.everyoneLast',
      'group.1.opensAt': 'admin.activities.groups.windowsOrder',
      'group.2.opensAt': 'admin.activities.groups.windowAfterOpen',
    });
    const ranked = checkDrawSettings({ ...blank, priorityGroups: groups }, lottery);
    expect(ranked.payload.priority_mode).toBe('ranked');
    expect(ranked.payload.priority_groups?.map((g) => g.opens_at)).toEqual([null, null, null]);
  });

  it('maps the server’s 422 items and 409 codes to the fields', () => {
    expect(drawFieldOf(['priority_groups', 1, 'opens_at'])).toBe('group.1.opensAt');
    expect(drawFieldOf(['priority_groups', 0, 'circumstance_ids', 2])).toBe(
      'group.0.circumstances',
    );
    expect(drawFieldOf(['priority_groups'])).toBe('priorityMode');
    expect(drawFieldOf(['reserved_circumstance_id'])).toBe('reservedCircumstanceId');
    expect(drawFieldOf(['public_value_description'])).toBe('publicValueDescription');
    expect(drawFieldOf(['capacity'])).toBeNull();
    expect(drawConflictField('reserved_places_fixed')).toBe('reservedPlaces');
    expect(drawConflictField('priority_groups_fixed')).toBe('priorityMode');
    expect(drawConflictField('activity_exists')).toBeNull();
  });
});
