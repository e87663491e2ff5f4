import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type AdminUser = Schemas['AdminUser'];
export type AdminUserCreate = Schemas['AdminUserCreate'];
export type AdminUserUpdate = Schemas['AdminUserUpdate'];

export function listUsers() {
  return toResult(api.GET('/admin/users/'));
}

export function createUser(body: AdminUserCreate) {
  return toResult(api.POST('/admin/users/', { body }));
}

export function updateUser(id: number, body: AdminUserUpdate) {
  return toResult(api.PUT('/admin/users/{id}', { params: { path: { id } }, body }));
}

export function deleteUser(id: number) {
  return toResult(api.DELETE('/admin/users/{id}', { params: { path: { id } } }));
}
