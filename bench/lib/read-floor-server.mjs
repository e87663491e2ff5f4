// A reference, not a target: the least an authenticated read can cost on this stack. Bare Koa
// and better-sqlite3 answering GET /api/user/persons/ with exactly the portal's two statements
// (the session with its revoked-token probe; the people in name order, the SQL text the portal
// sends) and the same JSON, the bearer token's claims checked once and kept in a Map, and
// nothing else: no router, no headers but Koa's own, no request id, no metrics, no log, no file
// check, no shedding. Its ratio to the bare "hello" is what Koa + SQLite + the socket leave on
// this machine; the portal's ratio to it is what our own work costs (bench/read-vs-koa.mjs).
// Opens the portal's seeded file read-only (DB_FILE) while the portal runs. FLOOR_HEADERS=1 adds
// the headers every portal answer carries (the built portal's own security headers, a request
// id): what those alone cost.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireFrom } from './common.mjs';

const fromBff = requireFrom('bff');
const Koa = fromBff('koa');
const Sqlite = fromBff('better-sqlite3');
const { createVerifier } = fromBff('fast-jwt');

const db = new Sqlite(process.env.DB_FILE, { readonly: true, fileMustExist: true });
// the portal's compiled texts (bff/src/data/users-repo.ts sessionInfo, persons-repo.ts listForUser)
const session = db.prepare(
  'select "id", "dni", "role", "verified", "token_version", "locale", case when mfa_secret is null then 0 else 1 end as "mfa_enabled", case when exists (select 1 from revoked_tokens where jti = ?) then 1 else 0 end as "revoked" from "users" where "id" = ?',
);
const persons = db.prepare(
  'select "e"."id", "e"."first_name", "e"."last_name", "e"."dni", "e"."email", "e"."phone", "e"."birth_date" from "user_persons" as "up" inner join "enrolments" as "e" on "e"."id" = "up"."enrolment_id" where "up"."user_id" = ? order by e.last_name_key asc, e.first_name_key asc, e.id asc',
);
const verify = createVerifier({ key: Buffer.from(process.env.JWT_SECRET), algorithms: ['HS256'] });
const claimsOf = new Map();
const headers = process.env.FLOOR_HEADERS
  ? (
      await import(pathToFileURL(join(repoRoot, 'bff/dist/src/http/security-headers.js')).href)
    ).securityHeaders({ https: false, formTargets: [] })
  : null;

const app = new Koa();
app.use((ctx) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
    return;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  let claims = token ? claimsOf.get(token) : undefined;
  if (token && !claims) {
    claims = verify(token);
    claimsOf.set(token, claims);
  }
  const user = claims ? session.get(claims.jti, Number(claims.sub)) : undefined;
  if (!user || user.revoked === 1 || user.token_version !== claims.ver) {
    ctx.status = 401;
    ctx.body = { detail: 'unauthorized', code: 'unauthorized' };
    return;
  }
  ctx.body = persons.all(user.id).map((p) => ({
    person_activity_id: p.id,
    full_name: `${p.first_name} ${p.last_name}`.trim(),
    dni: p.dni,
    birth_date: p.birth_date,
  }));
  if (headers) {
    ctx.set('X-Request-Id', randomUUID());
    headers(ctx, { json: true, api: true });
  }
});
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
