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
import { madridDate } from '../../lib/madrid-date.js';
import { notFound } from '../errors.js';
import { escapeCell } from '../payments/payments-export.js';
import type { Actor } from '../admin/audit-trail.js';
import { withdrawApplication } from './applications.js';
import { summaryEntry, type SeasonStates } from './catalogue.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { Draws } from './draws.js';
import { likelyDuplicates } from './duplicates.js';
import type { PersonMerge } from './merge.js';
import type { Places } from './places.js';
import { waitlistPositionOf } from './views.js';

const toAdminView = (row: ApplicationListRow) => ({
  id: row.id,
  code: row.code,
  status: row.status,
  rank: row.rank,
  waitlist_position: waitlistPositionOf(row.waitlist_position),
  offer_expires_at: row.status === 'offered' ? row.offer_expires_at : null,
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
  merge: PersonMerge;
}) {
  const { states } = deps;

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
      return likelyDuplicates(deps.applications, activityId);
    },

    /** Two records of one person made one (their newer second ballot withdrawn). */
    merge: (actor: Actor, input: { keep_id: number; merge_id: number }) => deps.merge(actor, input),

    draw: (activityId: number, actor: Actor) =>
      deps.draws.runNow(activityId, { userId: actor.id, dni: actor.dni, ip: actor.ip }),

    withdraw: (id: number, actor: Actor) =>
      withdrawApplication(deps, id, { userId: actor.id, dni: actor.dni, ip: actor.ip }),

    /** The activity's applications in waitlist order as .xlsx; cells escaped against formulas. */
    async export(activityId: number): Promise<{ name: string; file: Buffer }> {
      const state = await existing(activityId);
      const { rows } = await deps.lists.applications.page(
        activityId,
        { q: null, sort: 'queue', order: 'asc', page: null },
        null,
      );
      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Portal de actividades deportivas';
      const sheet = workbook.addWorksheet('Solicitudes');
      sheet.columns = [
        { header: 'Código', key: 'code', width: 12 },
        { header: 'Orden del sorteo', key: 'rank', width: 10 },
        { header: 'Estado', key: 'status', width: 16 },
        { header: 'Lista de espera', key: 'position', width: 10 },
        { header: 'Persona', key: 'name', width: 30 },
        { header: 'DNI', key: 'dni', width: 12 },
        { header: 'Nacimiento', key: 'birth_date', width: 12 },
        { header: 'Solicitada (UTC)', key: 'created_at', width: 26 },
        { header: 'Pagar antes de (UTC)', key: 'offer_expires_at', width: 26 },
      ];
      sheet.getRow(1).font = { bold: true };
      for (const row of rows.map(toAdminView)) {
        sheet.addRow({
          code: row.code,
          rank: row.rank ?? '',
          status: STATUS_NAMES[row.status],
          position: row.waitlist_position ?? '',
          name: escapeCell(row.full_name),
          dni: row.dni ?? 'Sin DNI',
          birth_date: row.birth_date ?? '',
          created_at: row.created_at,
          offer_expires_at: row.offer_expires_at ?? '',
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
