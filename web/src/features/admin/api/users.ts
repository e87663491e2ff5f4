import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';
import { pageOf, pageParams, type ListQuery } from './server-list';

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

/** Deletes an account registered from another mobile than the records' (see the contract). */
export function releaseUser(id: number) {
  return toResult(api.POST('/admin/users/{id}/release', { params: { path: { id } } }));
}

/** One page of the list matching the search (and the count of all matches). */
export function listUsersPage(query: ListQuery, signal?: AbortSignal, pageSize?: number) {
  return pageOf<AdminUser>(
    api.GET('/admin/users/', { params: { query: pageParams(query, pageSize) }, signal }),
  );
}
