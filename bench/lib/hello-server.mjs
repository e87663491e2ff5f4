// The baseline: a bare Koa app answering "hello", with the Koa the BFF itself depends on.
import { requireFrom } from './common.mjs';

const Koa = requireFrom('bff')('koa');
const app = new Koa();
app.use((ctx) => {
  if (ctx.path === '/health') ctx.body = 'ok';
  else ctx.body = 'hello';
});
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
