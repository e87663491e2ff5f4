import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type FeeRules = Schemas['FeeRules'];
export type ReductionRule = Schemas['ReductionRule'];
export type FamilyDiscount = Schemas['FamilyDiscount'];

export function getFeeRules() {
  return toResult(api.GET('/admin/fee-rules'));
}

export function saveFeeRules(body: FeeRules) {
  return toResult(api.PUT('/admin/fee-rules', { body }));
}
