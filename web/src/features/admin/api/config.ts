import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type AdminConfig = Schemas['AdminConfig'];
export type ConfigUpdate = Schemas['ConfigUpdate'];

export function getConfig() {
  return toResult(api.GET('/admin/config/'));
}

export function saveConfig(body: ConfigUpdate) {
  return toResult(api.PUT('/admin/config/', { body }));
}
