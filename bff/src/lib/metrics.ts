import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What this process runs: the portal's version and the commit it was built from. */
export interface BuildInfo {
  version: string;
  commit: string;
}

/** The process's own figures (Node's memory, event loop, handles…) and what it runs. */
export function processMetrics(registry: Registry, build: BuildInfo): void {
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'portal_build_info',
    help: 'Always 1; the version and commit this process runs are its labels.',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
  }).set(build, 1);
}

/**
 * What the portal counts for Prometheus (GET /metrics), one registry per app, named as
 * Prometheus asks (counters end in `_total`, times in seconds). Each process reports its own
 * figures; Prometheus scrapes every process and adds them up.
 */
export function createMetrics(build: BuildInfo, council: string | null = null) {
  const registry = new Registry();
  if (council === null) processMetrics(registry, build);
  // one council of several in this process: its figures carry its id, and the process's own
  // (memory, event loop, build) are the deployment's, once (councils/deployment-metrics.ts)
  else registry.setDefaultLabels({ council });
  return {
    registry,
    jobLastSuccess: new Gauge({
      name: 'portal_job_last_success_timestamp_seconds',
      help: 'When each background job last finished without error in this process (Unix time); alert when the newest across processes grows old.',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'portal_http_requests_total',
      help: 'Answered HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    shed: new Counter({
      name: 'portal_http_shed_total',
      help: 'New calls refused at once with 503 server_busy because the server was overloaded, by the bound passed (http/load-shedding.ts).',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: 'portal_payments_total',
      help: 'Payments by outcome: created (pending), paid, failed, duplicate, superseded.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'portal_payment_notifications_total',
      help: 'Gateway notifications received, by outcome.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    sms: new Counter({
      name: 'portal_sms_sent_total',
      help: 'Text messages handed to the SMS adapter, by purpose.',
      labelNames: ['purpose'] as const,
      registers: [registry],
    }),
    reminders: new Counter({
      name: 'portal_reminders_sent_total',
      help: 'Payment reminders sent, by channel.',
      labelNames: ['channel'] as const,
      registers: [registry],
    }),
    importRows: new Counter({
      name: 'portal_import_rows_total',
      help: 'Spreadsheet rows imported.',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
