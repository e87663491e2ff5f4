import type { Database } from '../database.js';
import { createActivitiesList } from './activities.js';
import { createApplicationsList } from './applications.js';
import { createAuditList } from './audit.js';
import { createCircumstanceRequestsList } from './circumstance-requests.js';
import { createEnrolmentsList } from './enrolments.js';
import { createPaymentsList } from './payments.js';
import { createUsersList } from './users.js';

export type { ActivitySort } from './activities.js';
export type { ApplicationListRow, ApplicationSort } from './applications.js';
export type { AuditSort } from './audit.js';
export type { RequestFilter } from './circumstance-requests.js';
export type { EnrolmentRow } from './enrolment-reads.js';
export type { EnrolmentSort } from './name-order.js';
export type { PaymentFilter, PaymentSort } from './payments.js';
export type { UserListRow, UserSort } from './users.js';
export type { ListRequest, ListResult, SortOrder } from './query.js';

/**
 * The read side of the staff lists, in one place: each list answers `page(request)` with
 * `{rows, total}`, off the event loop where the engine allows (Database.reads()). Repositories
 * keep the writes and the keyed reads.
 */
export function createStaffLists(db: Database) {
  return {
    users: createUsersList(db),
    enrolments: createEnrolmentsList(db),
    activities: createActivitiesList(db),
    applications: createApplicationsList(db),
    payments: createPaymentsList(db),
    audit: createAuditList(db),
    circumstanceRequests: createCircumstanceRequestsList(db),
  };
}

export type StaffLists = ReturnType<typeof createStaffLists>;
