import { requireFrom } from './common.mjs';
const Koa = requireFrom('bff')('koa');
const Sqlite = requireFrom('bff')('better-sqlite3');
const db = new Sqlite(process.env.DB_FILE);
db.pragma('journal_mode = WAL'); db.pragma('cache_size = -16384');
const q1 = db.prepare(`select "id", "dni", "role", "verified", "token_version", "locale", case when mfa_secret is null then 0 else 1 end as "mfa_enabled", case when exists (select 1 from revoked_tokens where jti = ?) then 1 else 0 end as "revoked" from "users" where "id" = ?`);
const q2 = db.prepare(`select "e"."id", "e"."first_name", "e"."last_name", "e"."dni", "e"."email", "e"."phone", "e"."birth_date" from "user_persons" as "up" inner join "enrolments" as "e" on "e"."id" = "up"."enrolment_id" where "up"."user_id" = ? order by "e"."last_name_key" asc, "e"."first_name_key" asc, "e"."id" asc`);
const tokens = new Map();
const app = new Koa();
app.use((ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const auth = ctx.get('authorization');
  let claims = tokens.get(auth);
  if (!claims) { claims = JSON.parse(Buffer.from(auth.split('.')[1], 'base64url')); tokens.set(auth, claims); }
  const u = q1.get(claims.jti, Number(claims.sub));
  if (!u || u.revoked) { ctx.status = 401; return; }
  ctx.body = q2.all(u.id).map(r => ({ ...r }));
});
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
