import type { AppContext } from '../../http/context.js';
import type { Actor, CallContext } from '../../services/residents/context.js';
import { unauthorized } from '../../services/errors.js';

export const callOf = (ctx: AppContext): CallContext => ({
  ip: ctx.ip || null,
  locale: ctx.state.locale,
  refuseAnonymous: ctx.state.refuseAnonymous,
});

export function actorOf(ctx: AppContext): Actor {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return { id: user.id, dni: user.dni };
}
