// Lighthouse (default mobile emulation and simulated throttling) on /login, on /dashboard with a
// resident's session and on /admin with an administrator's, against the real server serving a
// fresh web build. Chromium is launched by Playwright (from the e2e workspace) with a DevTools
// port, so the session token can be put in localStorage before Lighthouse attaches to the same
// browser.
// Each page runs BENCH_LH_RUNS times (3) and the median run is reported.
// Targets: performance >= 98, accessibility = 100.
//   node bench/lighthouse.mjs [--no-build]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import {
  buildBff,
  buildWeb,
  fmt,
  freePort,
  heading,
  isMain,
  makeTempDir,
  removeTempDir,
  requireFrom,
  result,
  status,
  table,
} from './lib/common.mjs';
import { ADMIN, login, seedFamily, startPortal } from './lib/portal.mjs';

export const LH_TARGETS = { performance: 98, accessibility: 100 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const score = (category) =>
  category?.score === null || category?.score === undefined
    ? NaN
    : Math.round(category.score * 100);

/** The page elements an audit points at (snippet and, for axe rules, why), at most three. */
function nodesOf(audit) {
  const items = (audit?.details?.items ?? []).flatMap((item) =>
    item.node ? [item] : (item.items ?? []).filter((inner) => inner.node),
  );
  return items.slice(0, 3).map(({ node }) => {
    const why = node.explanation?.split('\n').find((line) => /contrast|name|label/i.test(line));
    return [node.snippet ?? node.selector, why?.trim()].filter(Boolean).join('  <- ');
  });
}

/** Audits of a category that lost points, worst (by weight, then score) first. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < (categoryId === 'accessibility' ? 1 : 0.9) &&
        !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score)
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? '',
      nodes: nodesOf(audit),
    }));
}

/** Also the opportunities (no weight, but they explain the metrics). */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter(
      (a) =>
        a.details?.type === 'opportunity' &&
        a.score !== null &&
        a.score < 0.9 &&
        (a.metricSavings?.LCP || a.metricSavings?.FCP || a.details.overallSavingsMs),
    )
    .map((a) => ({ id: a.id, title: a.title, displayValue: a.displayValue ?? '', nodes: [] }));
}

/** The scripts that kept the main thread busy, when that cost points. */
function scripts(lhr) {
  const a = lhr.audits['bootup-time'];
  if (!a || a.score === null || a.score >= 0.9) return [];
  const rows = (a.details?.items ?? [])
    .filter((item) => typeof item.url === 'string' && item.url.startsWith('http'))
    .slice(0, 3)
    .map(
      (item) =>
        `${new URL(item.url).pathname}: ${fmt.int(item.scripting)} ms scripting, ${fmt.int(item.scriptParseCompile)} ms parse/compile`,
    );
  return [{ id: a.id, title: a.title, displayValue: a.displayValue ?? '', nodes: rows }];
}

/** The elements behind LCP and layout shifts, when those metrics lost points. */
function culprits(lhr) {
  return ['largest-contentful-paint-element', 'layout-shifts']
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && nodesOf(a).length > 0)
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue ?? '',
      nodes: nodesOf(a),
    }));
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** One Lighthouse run; a run whose trace failed (Lighthouse says "run again") is retried once. */
async function audit(url, port, extraFlags = {}) {
  let lhr;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      chromeFlags: CHROME_FLAGS,
      ...extraFlags,
    });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = runner.lhr;
    if (!lhr.runtimeError) break;
    const message = `Lighthouse on ${url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`;
    if (attempt === 2) throw new Error(message);
    console.log(`${message}; running it again`);
  }
  if (process.env.BENCH_LH_DIR) {
    // the full reports, for the Lighthouse viewer (https://googlechrome.github.io/lighthouse/viewer/)
    mkdirSync(process.env.BENCH_LH_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '') || 'root';
    writeFileSync(join(process.env.BENCH_LH_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  return {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    metrics: METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? 'n/a'}`),
    failing: {
      performance: failingAudits(lhr, 'performance'),
      accessibility: failingAudits(lhr, 'accessibility'),
    },
    opportunities: [...culprits(lhr), ...scripts(lhr), ...opportunities(lhr)],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Lighthouse's own advice for a score that varies from run to run: several runs, the median
 * reported (BENCH_LH_RUNS, 3 by default); every run's score is printed beside it.
 */
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
async function auditMedian(run) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...median, allScores: runs.map((r) => r.performance) };
}

export async function runLighthouse({ build = true, webBuild } = {}) {
  heading('Lighthouse (mobile, simulated throttling)');
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const { chromium } = requireFrom('e2e')('@playwright/test');
  let ownWeb;
  let portal;
  let context;
  let profile;
  try {
    if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
    if (!webBuild) {
      ownWeb = makeTempDir('portal-bench-web-');
      webBuild = await buildWeb(ownWeb);
      console.log(`built web in ${(webBuild.ms / 1000).toFixed(0)} s`);
    }
    portal = await startPortal({ webDist: webBuild.outDir });
    const seeded = await seedFamily(portal.baseUrl, { others: 20 });

    profile = makeTempDir('portal-bench-chromium-');
    const debuggingPort = await freePort();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      headless: true,
      args: [
        ...CHROME_FLAGS.filter((f) => f !== '--headless'),
        `--remote-debugging-port=${debuggingPort}`,
      ],
    });

    // one unmeasured visit first: Chromium's own start-up work stays out of the first trace
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${portal.baseUrl}/login`);

    const pages = [];
    pages.push(await auditMedian(() => audit(`${portal.baseUrl}/login`, debuggingPort)));

    // a session as the login screen stores it (Lighthouse must not wipe it), on a cold load like
    // /login's: the HTTP cache emptied, which disableStorageReset would keep
    const auditSignedIn = async (path, token) => {
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      return auditMedian(async () => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        return audit(`${portal.baseUrl}${path}`, debuggingPort, { disableStorageReset: true });
      });
    };
    pages.push(await auditSignedIn('/dashboard', seeded.token));
    pages.push(
      await auditSignedIn('/admin', await login(portal.baseUrl, ADMIN.dni, ADMIN.password)),
    );

    const rows = [['page', 'performance', 'accessibility', 'metrics']];
    const results = [];
    for (const p of pages) {
      const path = new URL(p.url).pathname;
      const perfOk = p.performance >= LH_TARGETS.performance;
      const a11yOk = p.accessibility >= LH_TARGETS.accessibility;
      rows.push([
        path,
        `${p.performance} ${status(perfOk)}${p.allScores.length > 1 ? ` (runs: ${p.allScores.join(', ')})` : ''}`,
        `${p.accessibility} ${status(a11yOk)}`,
        p.metrics.join(', '),
      ]);
      results.push(
        result(
          'lighthouse',
          `${path} performance (median of ${p.allScores.length})`,
          String(p.performance),
          `>= ${LH_TARGETS.performance}`,
          perfOk,
        ),
        result('lighthouse', `${path} accessibility`, String(p.accessibility), '100', a11yOk),
      );
    }
    console.log(table(rows));
    for (const p of pages) {
      const path = new URL(p.url).pathname;
      if (new URL(p.finalUrl).pathname !== path) {
        console.log(`NOTE ${path} ended on ${p.finalUrl}: the measured page is not ${path}`);
      }
      for (const w of p.warnings) console.log(`${path} Lighthouse warning: ${w}`);
      const lists = [];
      if (p.performance < LH_TARGETS.performance) {
        lists.push(['performance', [...p.failing.performance, ...p.opportunities]]);
      }
      if (p.accessibility < LH_TARGETS.accessibility) {
        lists.push(['accessibility', p.failing.accessibility]);
      }
      for (const [category, audits] of lists) {
        // one line per audit, with the elements or scripts another list may have added
        const byId = new Map();
        for (const a of audits) {
          const known = byId.get(a.id);
          if (!known) byId.set(a.id, a);
          else if (!known.nodes?.length && a.nodes?.length) known.nodes = a.nodes;
        }
        console.log(`${path} ${category}: what cost points`);
        for (const a of [...byId.values()].slice(0, 14)) {
          console.log(`  - ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''} [${a.id}]`);
          for (const node of a.nodes ?? []) {
            console.log(`      ${node.replace(/\s+/g, ' ').slice(0, 160)}`);
          }
        }
      }
    }
    if (pages[0]?.benchmarkIndex) {
      console.log(`Lighthouse benchmarkIndex of this machine: ${pages[0].benchmarkIndex}`);
    }
    return { results, pages };
  } finally {
    await context?.close().catch(() => {});
    if (profile) removeTempDir(profile);
    await portal?.close();
    if (ownWeb) removeTempDir(ownWeb);
  }
}

if (isMain(import.meta.url)) {
  runLighthouse({ build: !process.argv.includes('--no-build') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
