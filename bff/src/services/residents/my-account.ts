import type { UsersRepo } from '../../data/users-repo.js';
import type { Clock } from '../../lib/clock.js';
import { unauthorized } from '../errors.js';

/** The signed-in account as its owner sees it (GET /user/me), and its reminder setting. */
export function createMyAccount(deps: {
  users: Pick<UsersRepo, 'findById' | 'setRemindersOptOut'>;
  clock: Clock;
}) {
  async function view(id: number) {
    const user = await deps.users.findById(id);
    // deleted between the session check and this read
    if (!user) throw unauthorized();
    return {
      id: user.id,
      dni: user.dni,
      phone: user.phone,
      email: user.email,
      email_confirmed: user.email !== null && user.email_confirmed_at !== null,
      role: user.role,
      is_admin: user.role === 'admin',
      reminders: user.reminders_opt_out === 0,
      locale: user.locale,
    };
  }
  return {
    view,
    /** Turns payment reminders on or off; links in reminders sent before turning on stay dead. */
    async setReminders(id: number, on: boolean) {
      await deps.users.setRemindersOptOut(id, !on, deps.clock.now().getTime());
      return view(id);
    },
  };
}

export type MyAccount = ReturnType<typeof createMyAccount>;
