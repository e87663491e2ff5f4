import { describe, expect, it } from 'vitest';
import {
  checkConfigForm,
  configToForm,
  fractionToPercent,
  parseReminderDays,
  percentToFraction,
} from './rules';

describe('global discount', () => {
  it('maps percent to a fraction rounded to 3 decimals and back', () => {
    expect(percentToFraction(12.5)).toBe(0.125);
    expect(percentToFraction(50)).toBe(0.5);
    expect(percentToFraction(0.1)).toBe(0.001);
    expect(percentToFraction(33.3)).toBe(0.333);
    expect(percentToFraction(100)).toBe(1);
    expect(fractionToPercent(0.125)).toBe(12.5);
    expect(fractionToPercent(0.07)).toBe(7);
  });

  const form = configToForm({
    maintenance_mode: false,
    payments_enabled: true,
    global_discount: 0.125,
    deadline_date: null,
    reminders_enabled: false,
    reminder_days: [7, 1],
    reminder_channel: 'sms',
    joint_fit: 'next_fits',
    bizum_enabled: false,
  });

  it('shows the stored fraction as a percent', () => {
    expect(form).toEqual({
      maintenanceMode: false,
      paymentsEnabled: true,
      discount: '12.5',
      deadline: '',
      remindersEnabled: false,
      reminderDays: '7, 1',
      reminderChannel: 'sms',
      jointFit: 'next_fits',
      bizumEnabled: false,
    });
  });

  it.each(['-1', '100.1', '', 'abc'])('rejects %s %%', (discount) => {
    expect(checkConfigForm({ ...form, discount })).toEqual({
      ok: false,
      summary: null,
      errors: { discount: 'admin.config.discountRange' },
    });
  });

  it('accepts 0 and 100 and sends an empty deadline as null', () => {
    expect(checkConfigForm({ ...form, discount: '0' })).toEqual({
      ok: true,
      payload: {
        maintenance_mode: false,
        payments_enabled: true,
        global_discount: 0,
        deadline_date: null,
        reminders_enabled: false,
        reminder_days: [7, 1],
        reminder_channel: 'sms',
        joint_fit: 'next_fits',
        bizum_enabled: false,
      },
    });
    expect(checkConfigForm({ ...form, discount: '100', deadline: '2026-12-15' })).toMatchObject({
      ok: true,
      payload: { global_discount: 1, deadline_date: '2026-12-15' },
    });
  });
});

describe('reminder days', () => {
  it.each([
    ['7, 1', [7, 1]],
    ['1 7', [7, 1]],
    ['14;7;3', [14, 7, 3]],
    ['', []],
  ])('reads "%s"', (text, days) => {
    expect(parseReminderDays(text)).toEqual(days);
  });

  it.each(['0', '61', '7, 7', '1.5', 'siete', '-1', '1,2,3,4,5,6,7,8,9,10,11'])(
    'refuses "%s"',
    (text) => {
      expect(parseReminderDays(text)).toBeNull();
    },
  );

  const base = configToForm({
    maintenance_mode: false,
    payments_enabled: true,
    global_discount: 0,
    deadline_date: '2026-12-15',
    reminders_enabled: true,
    reminder_days: [7, 1],
    reminder_channel: 'both',
    joint_fit: 'wait_for_group',
    bizum_enabled: false,
  });

  it('needs at least one day while reminders are on, none while they are off', () => {
    expect(checkConfigForm({ ...base, reminderDays: '' })).toMatchObject({
      ok: false,
      errors: { reminderDays: 'admin.config.reminderDaysInvalid' },
    });
    expect(checkConfigForm({ ...base, reminderDays: '', remindersEnabled: false })).toMatchObject({
      ok: true,
      payload: { reminders_enabled: false, reminder_days: [] },
    });
    expect(checkConfigForm({ ...base, reminderDays: '3, 10' })).toMatchObject({
      ok: true,
      payload: { reminder_days: [10, 3], reminder_channel: 'both' },
    });
  });
});
