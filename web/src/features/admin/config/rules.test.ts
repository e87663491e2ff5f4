import { describe, expect, it } from 'vitest';
import {
  checkConfigForm,
  configToForm,
  fractionToPercent,
  configFieldOf,
  parseNoticeDays,
  parseReminderDays,
  parseReturnFee,
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
    direct_debit_enabled: false,
    direct_debit_notice_days: 14,
    direct_debit_return_fee: 0,
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
      directDebitEnabled: false,
      noticeDays: '14',
      returnFee: '0',
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
        direct_debit_enabled: false,
        direct_debit_notice_days: 14,
        direct_debit_return_fee: 0,
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
    direct_debit_enabled: true,
    direct_debit_notice_days: 10,
    direct_debit_return_fee: 6.5,
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

describe('direct debit settings', () => {
  const form = configToForm(
    {
      maintenance_mode: false,
      payments_enabled: true,
      global_discount: 0,
      deadline_date: null,
      reminders_enabled: false,
      reminder_days: [7, 1],
      reminder_channel: 'sms',
      joint_fit: 'next_fits',
      bizum_enabled: false,
      direct_debit_enabled: true,
      direct_debit_notice_days: 10,
      direct_debit_return_fee: 6.5,
    },
    'gl',
  );

  it('shows the notice days and the return fee as typed in the language', () => {
    expect(form).toMatchObject({ directDebitEnabled: true, noticeDays: '10', returnFee: '6,50' });
  });

  it.each([
    ['14', 14],
    [' 1 ', 1],
    ['60', 60],
  ])('reads %s days of notice', (text, days) => {
    expect(parseNoticeDays(text)).toBe(days);
  });

  it.each(['0', '61', '', '7.5', 'catorce', '-1'])('refuses "%s" days of notice', (text) => {
    expect(parseNoticeDays(text)).toBeNull();
    expect(checkConfigForm({ ...form, noticeDays: text })).toEqual({
      ok: false,
      summary: null,
      errors: { noticeDays: 'admin.config.noticeDaysInvalid' },
    });
  });

  it.each([
    ['6', 6],
    ['6,5', 6.5],
    ['6.50', 6.5],
    ['0', 0],
    ['100', 100],
  ])('reads a return fee of "%s"', (text, euros) => {
    expect(parseReturnFee(text)).toBe(euros);
  });

  it.each(['100,01', '-1', '', '6,505', 'seis', '1e2'])('refuses a return fee of "%s"', (text) => {
    expect(parseReturnFee(text)).toBeNull();
    expect(checkConfigForm({ ...form, returnFee: text })).toEqual({
      ok: false,
      summary: null,
      errors: { returnFee: 'admin.config.returnFeeInvalid' },
    });
  });

  it('sends the switch, the days and the fee in euros', () => {
    expect(checkConfigForm({ ...form, returnFee: '6,05' })).toMatchObject({
      ok: true,
      payload: {
        direct_debit_enabled: true,
        direct_debit_notice_days: 10,
        direct_debit_return_fee: 6.05,
      },
    });
  });

  it('places the server’s refusals on their fields', () => {
    expect(configFieldOf(['direct_debit_enabled'])).toBe('directDebitEnabled');
    expect(configFieldOf(['direct_debit_notice_days'])).toBe('noticeDays');
    expect(configFieldOf(['direct_debit_return_fee'])).toBe('returnFee');
    expect(configFieldOf(['joint_fit'])).toBeNull();
  });
});
