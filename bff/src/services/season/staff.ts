import ExcelJS from 'exceljs';
import type { Database } from '../../data/database.js';
import type {
  ApplicationListRow,
  ApplicationSort,
  ListRequest,
  StaffLists,
} from '../../data/lists/index.js';
import type { ApplicationStatus } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import { fullName } from '../../lib/clean-name.js';
import { madridDate, madridWallClock } from '../../lib/madrid-date.js';
import { amountWithoutReduction } from '../pricing.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { notFound } from '../errors.js';
import { escapeCell } from '../payments/payments-export.js';
import type { Actor } from '../admin/audit-trail.js';
import { withdrawApplication } from './applications.js';
import { summaryEntry, type SeasonStates } from './catalogue.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { SeasonNoticesRepo } from '../../data/season-notices-repo.js';
import type { Draws } from './draws.js';
import { likelyDuplicates } from './duplicates.js';
import type { MarkDifferent, PersonMerge } from './merge.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import type { Places } from './places.js';
import { waitlistPositionOf } from './views.js';
import { paymentCheckUntil } from './payment-hold.js';

const toAdminView = (row: ApplicationListRow) => ({
  id: row.id,
  code: row.code,
  status: row.status,
  rank: row.rank,
  waitlist_position: waitlistPositionOf(row.waitlist_position),
  offer_expires_at: row.status === 'offered' ? row.offer_expires_at : null,
  payment_check_until: paymentCheckUntil(row),
  created_at: row.created_at,
  person_activity_id: row.enrolment_id,
  full_name: fullName(row),
  dni: row.dni,
  birth_date: row.birth_date,
});

const STATUS_NAMES: Record<ApplicationStatus, string> = {
  applied: 'solicitada',
  offered: 'plaza ofrecida',
  waitlisted: 'lista de espera',
  confirmed: 'confirmada',
  expired: 'caducada',
  withdrawn: 'retirada',
};

/** Staff's side of the season: where each activity stands, its applications, the draw, exports. */
export function createStaffSeason(deps: {
  db: Database;
  clock: Clock;
  lists: Pick<StaffLists, 'applications'>;
  states: SeasonStates;
  draws: Draws;
  places: Places;
  applications: Pick<ApplicationsRepo, 'liveApplicants'>;
  merges: Pick<PersonMergeRepo, 'distinctAmong'>;
  merge: PersonMerge;
  different: MarkDifferent;
  /** What a place costs the person holding it (the fees under the council's rules, or 75 %). */
  quotes: Pick<FeeQuotes, 'forPerson'>;
  /** The family hears of a withdrawal staff make. */
  notices: Pick<SeasonNoticesRepo, 'add'>;
}) {
  const { states } = deps;

  async function amountDue(enrolmentId: number, activity: { id: number; price_cents: number }) {
    const fees = await deps.quotes.forPerson(enrolmentId);
    return (
      fees?.quotes.get(activity.id)?.amount_cents ?? amountWithoutReduction(activity.price_cents)
    );
  }

  async function existing(activityId: number) {
    const state = await states.one(activityId);
    if (!state) throw notFound();
    return state;
  }

  return {
    summaries: async () => (await states.all()).map(summaryEntry),
    summary: async (activityId: number) => summaryEntry(await existing(activityId)),

    async list(
      activityId: number,
      request: ListRequest<ApplicationSort>,
      status: ApplicationStatus | null,
    ) {
      await existing(activityId);
      const { rows, total } = await deps.lists.applications.page(activityId, request, status);
      return { rows: rows.map(toAdminView), total };
    },

    /** Applicants likely to be one person, for staff to check before the draw. */
    async duplicates(activityId: number) {
      await existing(activityId);
      return likelyDuplicates(deps, activityId);
    },

    /** Two likely duplicates checked by staff and found to be two persons (audited). */
    different: (actor: Actor, input: { first_id: number; second_id: number }) =>
      deps.different(actor, input),

    /** Two records of one person made one (their newer second ballot withdrawn). */
    merge: (actor: Actor, input: { keep_id: number; merge_id: number }) => deps.merge(actor, input),

    draw: (activityId: number, actor: Actor) =>
      deps.draws.runNow(activityId, { userId: actor.id, dni: actor.dni, ip: actor.ip }),

    /** Withdrawn by staff: the family is told (folded with the activity's other news). */
    withdraw: (id: number, actor: Actor) =>
      withdrawApplication(
        deps,
        id,
        { userId: actor.id, dni: actor.dni, ip: actor.ip },
        (application, now) => deps.notices.add(application, 'withdrawn', {}, now.toISOString()),
      ),

    /**
     * The activity's applications in waitlist order as .xlsx; cells escaped against formulas.
     * Moments are Madrid date-times in date cells; each row names the activity, the account that
     * applied (name, phone, e-mail), the amount (what was paid, else what paying now charges,
     * for a person holding a place) and whether it is paid.
     */
    async export(activityId: number): Promise<{ name: string; file: Buffer }> {
      const state = await existing(activityId);
      const { rows } = await deps.lists.applications.page(
        activityId,
        { q: null, sort: 'queue', order: 'asc', page: null },
        null,
      );
      const details = new Map(
        (await deps.lists.applications.exportDetails(activityId)).map((row) => [row.id, row]),
      );
      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Portal de actividades deportivas';
      const sheet = workbook.addWorksheet('Solicitudes');
      sheet.columns = [
        { header: 'Actividad', key: 'activity', width: 28 },
        { header: 'Código', key: 'code', width: 12 },
        { header: 'Orden del sorteo', key: 'rank', width: 10 },
        { header: 'Estado', key: 'status', width: 16 },
        { header: 'Lista de espera', key: 'position', width: 10 },
        { header: 'Persona', key: 'name', width: 30 },
        { header: 'DNI', key: 'dni', width: 12 },
        { header: 'Nacimiento', key: 'birth_date', width: 12 },
        { header: 'Solicitada', key: 'created_at', width: 17 },
        { header: 'Pagar antes de', key: 'offer_expires_at', width: 17 },
        { header: 'Persona que solicita', key: 'guardian', width: 30 },
        { header: 'Teléfono', key: 'phone', width: 12 },
        { header: 'Correo electrónico', key: 'email', width: 30 },
        { header: 'Importe (€)', key: 'amount', width: 11 },
        { header: 'Pagada', key: 'paid', width: 8 },
      ];
      sheet.getRow(1).font = { bold: true };
      sheet.getColumn('birth_date').numFmt = 'dd/mm/yyyy';
      sheet.getColumn('created_at').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getColumn('offer_expires_at').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getColumn('amount').numFmt = '#,##0.00';
      const moment = (iso: string | null) => (iso ? madridWallClock(new Date(iso)) : null);
      const activityName = escapeCell(state.activity.name);
      for (const row of rows.map(toAdminView)) {
        const detail = details.get(row.id);
        const paid = Number(detail?.is_paid ?? 0) === 1;
        const enrolled = Number(detail?.enrolled ?? 0) === 1;
        const guardian =
          detail?.guardian_first_name != null
            ? fullName({
                first_name: detail.guardian_first_name,
                last_name: detail.guardian_last_name ?? '',
              })
            : '';
        // what was paid; else (or paid before amounts were kept) what paying it charges
        const paidCents = paid ? detail?.paid_amount_cents : null;
        const amountCents =
          paidCents != null
            ? Number(paidCents)
            : enrolled
              ? await amountDue(row.person_activity_id, state.activity)
              : null;
        sheet.addRow({
          activity: activityName,
          code: row.code,
          rank: row.rank ?? '',
          status: STATUS_NAMES[row.status],
          position: row.waitlist_position ?? '',
          name: escapeCell(row.full_name),
          dni: row.dni ?? 'Sin DNI',
          birth_date: row.birth_date ? new Date(`${row.birth_date}T00:00:00Z`) : null,
          created_at: moment(row.created_at),
          offer_expires_at: moment(row.offer_expires_at),
          guardian: escapeCell(guardian),
          phone: detail?.guardian_phone ?? '',
          email: escapeCell(detail?.guardian_email ?? ''),
          amount: amountCents === null ? null : amountCents / 100,
          paid: paid ? 'Sí' : 'No',
        });
      }
      const date = madridDate(deps.clock.now());
      return {
        name: `solicitudes-${state.activity.id}-${date}.xlsx`,
        file: Buffer.from(await workbook.xlsx.writeBuffer()),
      };
    },
  };
}

export type StaffSeason = ReturnType<typeof createStaffSeason>;
