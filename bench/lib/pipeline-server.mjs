// The response pipeline of one build of the BFF (PIPELINE_DIST: its dist/src folder) around one
// route answering the portal's persons JSON (ANSWER_JSON): Koa, @koa/router and the pipeline
// (request id and language, error shape, serialisation, security headers, compression decision,
// metrics), and nothing else. bench/pipeline-cost.mjs compares two builds' cost per call.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireFrom } from './common.mjs';

const fromBff = requireFrom('bff');
const Koa = fromBff('koa');
const Router = fromBff('@koa/router');
const dist = (path) => import(pathToFileURL(join(process.env.PIPELINE_DIST, path)).href);
const { responsePipeline } = await dist('http/response-pipeline.js');
const { createLogger } = await dist('logger.js');
const { createMetrics } = await dist('lib/metrics.js');
const answer = JSON.parse(process.env.ANSWER_JSON ?? '[]');

const app = new Koa();
app.use(
  responsePipeline({
    logger: createLogger('warn'),
    https: false,
    formTargets: ['https://sis-t.redsys.es:25443'],
    responseValidation: 'off',
    metrics: createMetrics({ version: 'bench', commit: 'bench' }),
  }),
);
const router = new Router({ prefix: '/api', strict: true });
router.get('/health', (ctx) => {
  ctx.body = { status: 'ok' };
});
router.get('/user/persons/', (ctx) => {
  // a fresh object per call, as a service's answer is
  ctx.body = answer.map((person) => ({ ...person }));
});
app.use(router.routes());
app.use(router.allowedMethods());
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
