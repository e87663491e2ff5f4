import { describe, expect, it } from 'vitest';
import { feeRules } from '../test-support';
import {
  checkFeeRules,
  familyRow,
  feeRulesFieldOf,
  feeRulesToForm,
  parseFromMember,
  parseRulePercent,
  reductionRow,
  whereToRow,
  whereValue,
} from './rules';

describe('fee rules form', () => {
  it("round-trips the rules as the server gives them, in the reader's number format", () => {
    const values = feeRulesToForm(
      { ...feeRules, family_discounts: [{ fee_group: null, from_member: 3, percent: 12.5 }] },
      'es',
    );
    expect(values.reductions.map((r) => [r.kind, r.percent, r.price, r.activityId])).toEqual([
      ['percent', '20', '', ''],
      ['price', '', '45,00', '2'],
    ]);
    expect(values.family.map((f) => [f.fromMember, f.percent])).toEqual([['3', '12,5']]);
    expect(checkFeeRules(values)).toEqual({
      ok: true,
      payload: {
        ...feeRules,
        family_discounts: [{ fee_group: null, from_member: 3, percent: 12.5 }],
      },
    });
  });

  it('writes a rule once for a fee group: the "where" choice names the group, family steps by group, grouped as read', () => {
    const values = feeRulesToForm(
      {
        reductions: [
          { circumstance_id: 4, activity_id: null, fee_group: 'Escolas', percent: 30, price: null },
          { circumstance_id: 5, activity_id: null, fee_group: null, percent: 25, price: null },
        ],
        family_discounts: [
          { fee_group: 'Escolas', from_member: 2, percent: 10 },
          { fee_group: null, from_member: 2, percent: 20 },
        ],
        cumulative: false,
      },
      'gl',
    );
    // every group first, then each group
    expect(values.reductions.map((r) => whereValue(r))).toEqual(['', 'group:Escolas']);
    expect(values.family.map((f) => f.feeGroup)).toEqual(['', 'Escolas']);
    expect(whereToRow('group:Escolas')).toEqual({ activityId: '', feeGroup: 'Escolas' });
    expect(whereToRow('7')).toEqual({ activityId: '7', feeGroup: '' });
    const check = checkFeeRules({
      ...values,
      family: [...values.family, familyRow({ feeGroup: 'Escolas', fromMember: '2', percent: '5' })],
    });
    // the same step in another group is no duplicate; twice in one group is
    expect(check).toMatchObject({
      ok: false,
      details: { 'family.2.fromMember': { id: 'admin.feeRules.duplicateFamily' } },
    });
    const ok = checkFeeRules(values);
    expect(ok.ok && ok.payload.reductions[1]).toEqual({
      circumstance_id: 4,
      activity_id: null,
      fee_group: 'Escolas',
      percent: 30,
      price: null,
    });
    expect(feeRulesFieldOf(['reductions', 1, 'fee_group'])).toBe('reduction.1.activity');
    expect(feeRulesFieldOf(['family_discounts', 0, 'fee_group'])).toBe('family.0.feeGroup');
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['12,5', 12.5],
  ])('accepts %s %', (text, value) => expect(parseRulePercent(text)).toBe(value));

  it.each(['101', '-5', '12,55', 'veinte', ''])('refuses %s %', (text) =>
    expect(parseRulePercent(text)).toBeNull(),
  );

  it.each([
    ['1', null],
    ['2', 2],
    ['20', 20],
    ['21', null],
    ['2.5', null],
  ])('a family discount from member %s → %s', (text, value) =>
    expect(parseFromMember(text)).toBe(value),
  );

  it('needs a circumstance, one of percent or price as chosen, N ≥ 2, and no rule twice', () => {
    const check = checkFeeRules({
      reductions: [
        reductionRow({ circumstanceId: '', percent: '120' }),
        reductionRow({ circumstanceId: '1', kind: 'price', price: 'gratis', percent: '20' }),
        reductionRow({ circumstanceId: '1', kind: 'price', price: '30' }),
      ],
      family: [
        familyRow({ fromMember: '1', percent: '20' }),
        familyRow({ fromMember: '3', percent: '100' }),
        familyRow({ fromMember: '3', percent: '50' }),
      ],
      cumulative: true,
    });
    expect(check).toEqual({
      ok: false,
      summary: null,
      errors: {
        'reduction.0.circumstance': 'admin.feeRules.required.circumstance',
        'reduction.0.percent': 'admin.feeRules.percentRange',
        'reduction.1.price': 'admin.feeRules.priceInvalid',
        'family.0.fromMember': 'admin.feeRules.fromMemberRange',
      },
      details: {
        'reduction.2.activity': { id: 'admin.feeRules.duplicateReduction', values: { row: 3 } },
        'family.2.fromMember': { id: 'admin.feeRules.duplicateFamily', values: { member: 3 } },
      },
    });
  });

  it('sends only the chosen kind of a reduction', () => {
    expect(
      checkFeeRules({
        reductions: [
          reductionRow({ circumstanceId: '4', kind: 'price', price: '45', percent: '20' }),
        ],
        family: [],
        cumulative: false,
      }),
    ).toEqual({
      ok: true,
      payload: {
        reductions: [
          { circumstance_id: 4, activity_id: null, fee_group: null, percent: null, price: 45 },
        ],
        family_discounts: [],
        cumulative: false,
      },
    });
  });

  it("maps the server's 422 items to the rows", () => {
    expect(feeRulesFieldOf(['family_discounts', 1, 'from_member'])).toBe('family.1.fromMember');
    expect(feeRulesFieldOf(['family_discounts', 0, 'percent'])).toBe('family.0.percent');
    expect(feeRulesFieldOf(['reductions', 2, 'price'])).toBe('reduction.2.price');
    expect(feeRulesFieldOf(['reductions', 2])).toBe('reduction.2.percent');
    expect(feeRulesFieldOf(['cumulative'])).toBeNull();
  });
});
