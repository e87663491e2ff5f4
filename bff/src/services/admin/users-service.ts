import type {
  ListRequest,
  ListResult,
  StaffLists,
  UserListRow,
  UserSort,
} from '../../data/lists/index.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { UserRow, UsersRepo } from '../../data/users-repo.js';
import { conflict, DomainError, invalid, notFound, type ValidationIssue } from '../errors.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { addedByResidentForAnAdult, mobileOnRecord, type RecordOrigin } from '../record-phone.js';
import { passwordProblem, type Passwords } from '../passwords.js';
import { auditDni, changedFields, recordAdminWrite, type Actor } from './audit-trail.js';
import { checkIdentity } from './identity-checks.js';

export interface AdminUserView {
  id: number;
  dni: string;
  phone: string;
  email: string | null;
  role: 'user' | 'admin';
  is_admin: boolean;
  verified: boolean;
  created_at: string;
  phone_on_records: string | null;
  record_added_by_resident: boolean;
}

export interface UserCreateInput {
  dni: string;
  phone: string;
  email?: string | null;
  password: string;
  repeat_password: string;
  is_admin?: boolean;
}

export interface UserUpdateInput {
  dni: string;
  phone: string;
  email?: string | null;
  password?: string | null;
  repeat_password?: string | null;
  is_admin?: boolean;
}

/**
 * The mobile on the council's record of the DNI when the account's phone is another one:
 * registration from that phone would be refused today, so the account may be someone else's (a
 * squatter's).
 */
export function phoneOnRecords(
  accountPhone: string,
  record: RecordOrigin | undefined,
  today: string,
): string | null {
  const onRecord = mobileOnRecord(record, today);
  return onRecord !== null && onRecord !== accountPhone ? onRecord : null;
}

/**
 * Whether the account holds a DNI whose record another resident added, from that resident's own
 * mobile (the one "add a person" put on the record): the account of whoever added someone
 * else's DNI. Never the DNI's holder: an account that registered the DNI from a mobile of its
 * own has taken the record over (services/residents/holder-takeover.ts).
 */
export function registeredOnAddedRecord(
  accountPhone: string,
  record: RecordOrigin | undefined,
  today: string,
): boolean {
  return (
    record !== undefined &&
    addedByResidentForAnAdult(record, today) &&
    record.phone === accountPhone
  );
}

/** What the release tool weighs of an account against the record of its DNI. */
export function squatSigns(row: UserRow, record: RecordOrigin | undefined, today: string) {
  return {
    phone_on_records: phoneOnRecords(row.phone, record, today),
    record_added_by_resident: registeredOnAddedRecord(row.phone, record, today),
  };
}

/** Passwords and hashes never leave this module. */
export function toAdminUser(
  row: UserRow,
  record: RecordOrigin | undefined,
  today: string,
): AdminUserView {
  return {
    id: row.id,
    dni: row.dni,
    phone: row.phone,
    email: row.email,
    role: row.role,
    is_admin: row.role === 'admin',
    verified: row.verified === 1,
    created_at: row.created_at,
    ...squatSigns(row, record, today),
  };
}

const accountExists = () =>
  new DomainError('conflict', 'account_exists', { messageKey: 'admin_account_exists' });

function passwordIssue(
  password: string,
  repeat: string | null | undefined,
): ValidationIssue | null {
  const problem = passwordProblem(password, repeat);
  if (!problem) return null;
  const field = problem === 'passwords_do_not_match' ? 'repeat_password' : 'password';
  return { loc: ['body', field], msg: problem, type: problem };
}

/** What the audit log keeps of an account: never the password or its hash. */
const auditView = (u: { dni: string; phone: string; email: string | null; role: string }) => ({
  dni: auditDni(u.dni),
  phone: u.phone,
  email: u.email,
  role: u.role,
});

export function createAdminUsersService(deps: {
  db: Database;
  users: UsersRepo;
  persons: PersonsRepo;
  lists: Pick<StaffLists, 'users'>;
  passwords: Pick<Passwords, 'hash'>;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { db, users, persons, lists, audit } = deps;
  const today = () => madridDate(deps.clock.now());
  const view = async (row: UserRow) =>
    toAdminUser(row, await persons.originOfDni(row.dni), today());
  return {
    async list(request: ListRequest<UserSort>): Promise<ListResult<AdminUserView>> {
      const { rows, total } = await lists.users.page(request);
      const day = today();
      const recordOf = (row: UserListRow): RecordOrigin | undefined =>
        row.records_phone === null
          ? undefined
          : {
              phone: row.records_phone,
              birth_date: row.records_birth_date,
              added_by_resident: Number(row.records_added_by_resident ?? 0),
            };
      return { rows: rows.map((row) => toAdminUser(row, recordOf(row), day)), total };
    },

    async create(actor: Actor, input: UserCreateInput): Promise<AdminUserView> {
      const identity = checkIdentity(input);
      const issues = [...identity.issues];
      const pw = passwordIssue(input.password, input.repeat_password);
      if (pw) issues.push(pw);
      if (issues.length > 0) throw invalid(issues);
      if (await users.findByDni(identity.dni)) throw accountExists();

      const passwordHash = await deps.passwords.hash(input.password);
      const role = input.is_admin ? 'admin' : 'user';
      try {
        return await db.transaction(async () => {
          const id = await users.insert({
            dni: identity.dni,
            phone: identity.phone,
            email: identity.email,
            password_hash: passwordHash,
            role,
            verified: true,
          });
          const row = await users.findById(id);
          if (!row) throw new Error('created user vanished');
          await recordAdminWrite(audit, actor, 'user.create', 'user', id, {
            after: auditView(row),
          });
          return view(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw accountExists();
        throw err;
      }
    },

    async update(actor: Actor, id: number, input: UserUpdateInput): Promise<AdminUserView> {
      const current = await users.findById(id);
      if (!current) throw notFound();
      const identity = checkIdentity(input);
      const issues = [...identity.issues];
      const newPassword = input.password ?? '';
      const changesPassword = newPassword !== '';
      if (changesPassword) {
        const pw = passwordIssue(newPassword, input.repeat_password);
        if (pw) issues.push(pw);
      }
      if (issues.length > 0) throw invalid(issues);

      const role = input.is_admin === undefined ? current.role : input.is_admin ? 'admin' : 'user';
      if (actor.id === id && role !== 'admin') throw conflict('cannot_demote_self');
      const other = await users.findByDni(identity.dni);
      if (other && other.id !== id) throw accountExists();

      const passwordHash = changesPassword ? await deps.passwords.hash(newPassword) : null;
      const email = input.email === undefined ? current.email : identity.email;
      const roleChanged = role !== current.role;
      try {
        return await db.transaction(async () => {
          const before = await users.findById(id);
          if (!before) throw notFound();
          await users.update(id, {
            dni: identity.dni,
            phone: identity.phone,
            email,
            role,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            // a new password or role makes every older session of the account fail
            endSessions: passwordHash !== null || roleChanged,
          });
          const after = await users.findById(id);
          if (!after) throw new Error('updated user vanished');
          const details: Record<string, unknown> = changedFields(
            auditView(before),
            auditView(after),
          );
          if (passwordHash) details.password_changed = true;
          await recordAdminWrite(audit, actor, 'user.update', 'user', id, details);
          return view(after);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw accountExists();
        throw err;
      }
    },

    /**
     * An account registered from a mobile that is not the one on the records for its DNI is
     * deleted so the rightful owner can register; the person's records stay untouched.
     */
    async release(actor: Actor, id: number): Promise<void> {
      if (actor.id === id) throw conflict('cannot_delete_self');
      await db.transaction(async () => {
        const row = await users.findById(id);
        if (!row) throw notFound();
        const signs = squatSigns(row, await persons.originOfDni(row.dni), today());
        if (!signs.phone_on_records && !signs.record_added_by_resident)
          throw conflict('not_squatted');
        await users.delete(id);
        await recordAdminWrite(audit, actor, 'user.released', 'user', id, {
          before: auditView(row),
          ...signs,
        });
      });
    },

    /** The row goes, so its tokens fail at once (they are checked against the row); enrolments stay. */
    async remove(actor: Actor, id: number): Promise<void> {
      if (actor.id === id) throw conflict('cannot_delete_self');
      await db.transaction(async () => {
        const row = await users.findById(id);
        if (!row) throw notFound();
        await users.delete(id);
        await recordAdminWrite(audit, actor, 'user.delete', 'user', id, { before: auditView(row) });
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
