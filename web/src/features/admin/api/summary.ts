import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type AdminSummary = Schemas['AdminSummary'];

export function getSummary() {
  return toResult(api.GET('/admin/summary'));
}
