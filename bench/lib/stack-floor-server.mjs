// A reference, not a target: the stack the BFF must use (Koa + @koa/router, routes under /api)
// answering the portal's own JSON for GET /api/user/persons/, with nothing else: no session
// check, no database, no security headers, no request id, no compression decision. Its ratio to
// the bare "hello" shows how much of the budget the mandated stack leaves for the portal's work.
import { requireFrom } from './common.mjs';

const fromBff = requireFrom('bff');
const Koa = fromBff('koa');
const Router = fromBff('@koa/router');
const answer = JSON.parse(process.env.ANSWER_JSON ?? '[]');

const app = new Koa();
const router = new Router({ prefix: '/api', strict: true });
router.get('/health', (ctx) => {
  ctx.body = 'ok';
});
router.get('/user/persons/', (ctx) => {
  ctx.body = answer;
});
app.use(router.routes());
app.use(router.allowedMethods());
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
