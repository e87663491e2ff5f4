import { describe, expect, it } from 'vitest';
import { checkActivityForm, emptyActivityForm, type ActivityFormValues } from './rules';

const lottery = (overrides: Partial<ActivityFormValues>): ActivityFormValues => ({
  ...emptyActivityForm,
  name: 'Natación infantil',
  price: '60',
  allocation: 'lottery',
  capacity: '20',
  openAt: '2026-12-01T09:00',
  closeAt: '2026-12-15T23:59',
  ...overrides,
});

describe('the claims period of a lottery (days of the provisional list)', () => {
  it('sends the days for a lottery, null when left empty', () => {
    const days = checkActivityForm(lottery({ claimsDays: ' 2 ' }));
    expect(days.ok && days.payload.claims_days).toBe(2);
    const none = checkActivityForm(lottery({ claimsDays: '' }));
    expect(none.ok && none.payload.claims_days).toBeNull();
  });

  it.each(['0', '31', '2,5', 'dos'])('refuses %s days before sending', (text) => {
    expect(checkActivityForm(lottery({ claimsDays: text }))).toMatchObject({
      ok: false,
      errors: { claimsDays: 'admin.activities.invalidClaimsDays' },
    });
  });

  it('sends no claims period for first come, whatever the hidden field holds', () => {
    const result = checkActivityForm(lottery({ allocation: 'first_come', claimsDays: '3' }));
    expect(result.ok && result.payload.claims_days).toBeNull();
  });
});
