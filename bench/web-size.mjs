// Gzip size (zlib level 9) of the JavaScript a browser loads for /login: the entry chunk and its
// static imports, what index.html preloads, plus the login page's chunk and its static imports
// if it has one, read from the Vite manifest of a fresh build (the page must be in that set).
// Also checks that no admin code is in that set. Target: <= 100 KB. Beside it, the same run
// builds the stack's floor: React, React DOM, React Router and react-intl used as
// the app uses them, for one empty screen, with the same Vite and minifier: what no work on our
// own code can remove.
//   node bench/web-size.mjs
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildWeb,
  fmt,
  heading,
  importFrom,
  isMain,
  makeTempDir,
  readJson,
  removeTempDir,
  repoRoot,
  result,
  status,
  table,
} from './lib/common.mjs';

/**
 * The budget of /login's JavaScript. History of the margin: 100.4 KB at the start of issue 63
 * (the shell grew past the budget); back to 98.0 KB because what /login loads is now only what
 * its first screen runs: openapi-fetch (the typed client, 2.0 KB of gzip net) travels with the
 * screens that use it, the first screen's three calls (GET /config, login, logout) going through
 * web/src/lib/api/call-rules.ts, the same rules without the client; and `intlLocale` moved into
 * design-system's locales.ts, since the entry chunk takes a module it shares with lazy chunks
 * whole and format.ts brought every formatter with it (0.4 KB).
 */
export const WEB_TARGET_KB = 100;
const LOGIN_PAGE = 'src/features/auth/login-page.tsx';
const DASHBOARD_PAGE = 'src/features/dashboard/dashboard-page.tsx';
const ADMIN_DIR = 'src/features/admin/';

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The manifest key and its static imports, depth first. */
function withStaticImports(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`"${key}" is not in the Vite manifest`);
  into.add(key);
  for (const dep of manifest[key].imports ?? []) withStaticImports(manifest, dep, into);
  return into;
}

/** Who a source module belongs to, for the breakdown: an npm package or a workspace folder. */
function ownerOf(id) {
  const path = id.replace(/^\0/, '').split('?')[0];
  const nm = path.lastIndexOf(`node_modules${sep}`);
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split(sep);
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = relative(repoRoot, path);
  if (rel.startsWith('..') || rel === path) return path.slice(0, 40);
  const [top, second, third] = rel.split(sep);
  if (top === 'web' && second === 'src') return `web/src/${third}`;
  return `${top}/${second ?? ''}`;
}

/** Measures a build made by `buildWeb` (`chunks` maps each chunk file to its source modules). */
export function measureWebBuild({ outDir, chunks }) {
  const manifest = readJson(join(outDir, '.vite/manifest.json'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const keys = withStaticImports(manifest, entryKey);
  // the sign-in screen travels in the entry chunk; were it lazy again, its chunk counts too
  if (manifest[LOGIN_PAGE]) withStaticImports(manifest, LOGIN_PAGE, keys);

  // plus what index.html itself loads or preloads (the default language's texts), with its imports
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  for (const file of fromHtml) {
    const key = Object.keys(manifest).find((k) => manifest[k].file === file);
    if (!key) throw new Error(`index.html loads ${file}, which is not in the Vite manifest`);
    withStaticImports(manifest, key, keys);
  }
  const files = [...new Set([...keys].map((k) => manifest[k].file))];
  const loginLoaded = files.some((f) =>
    (chunks?.[f] ?? []).some((m) => m.id.split('?')[0].endsWith(LOGIN_PAGE)),
  );
  if (chunks && !loginLoaded) throw new Error(`${LOGIN_PAGE} is not in what /login loads`);

  const rows = files.map((file) => {
    const buffer = readFileSync(join(outDir, file));
    return { file, raw: buffer.length, gzip: gzipBytes(buffer) };
  });
  const total = rows.reduce((s, r) => s + r.gzip, 0);

  // for comparison (no target): what /dashboard loads
  let dashboardGzip = NaN;
  if (manifest[DASHBOARD_PAGE]) {
    const dashboardKeys = withStaticImports(
      manifest,
      DASHBOARD_PAGE,
      withStaticImports(manifest, entryKey),
    );
    dashboardGzip = [...new Set([...dashboardKeys].map((k) => manifest[k].file))].reduce(
      (sum, f) => sum + gzipBytes(readFileSync(join(outDir, f))),
      0,
    );
  }
  const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
  const cssGzip = [...keys]
    .flatMap((k) => manifest[k].css ?? [])
    .reduce((s, f) => s + gzipBytes(readFileSync(join(outDir, f))), 0);

  // admin code: the admin chunks by name and any source module under features/admin
  const adminFiles = Object.entries(manifest)
    .filter(([k]) => k.startsWith(ADMIN_DIR))
    .map(([, v]) => v.file);
  const adminChunksLoaded = files.filter((f) => adminFiles.includes(f));
  const adminModulesLoaded = files.flatMap((f) =>
    (chunks?.[f] ?? [])
      .map((m) => relative(join(repoRoot, 'web'), m.id.split('?')[0]))
      .filter((id) => id.startsWith(ADMIN_DIR)),
  );
  const adminFree = adminChunksLoaded.length === 0 && adminModulesLoaded.length === 0;
  // not code, but the admin screens' texts: reported, not counted as admin code
  const adminMessages = files.flatMap((f) =>
    (chunks?.[f] ?? []).filter((m) => /messages[\\/][^\\/]+[\\/]admin\.json/.test(m.id)),
  );

  // what the loaded JavaScript is made of (rendered, before minification of names is undone)
  const byOwner = new Map();
  for (const f of files) {
    for (const m of chunks?.[f] ?? []) {
      byOwner.set(ownerOf(m.id), (byOwner.get(ownerOf(m.id)) ?? 0) + m.bytes);
    }
  }
  const breakdown = [...byOwner.entries()].sort((a, b) => b[1] - a[1]);

  return {
    files: rows,
    total,
    totalRaw,
    dashboardGzip,
    cssGzip,
    adminFiles,
    adminChunksLoaded,
    adminModulesLoaded,
    adminFree,
    adminMessages,
    breakdown,
    ok: total <= WEB_TARGET_KB * 1024,
  };
}

// Every library call the app makes before its first screen, and nothing of ours. (Without
// openapi-fetch since issue 63: the first screen's calls go through web/src/lib/api/call-rules.ts.)
const FLOOR_ENTRY = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { IntlProvider, useIntl } from 'react-intl';
function Screen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  return h('main', { onClick: () => fetch('/api/user/login', { method: 'POST' }).then(() => navigate('/')) },
    intl.formatMessage({ id: 'title' }), location.pathname, params.get('q'), h(Link, { to: '/' }), h(Outlet));
}
createRoot(document.getElementById('root')).render(h(StrictMode, null,
  h(IntlProvider, { locale: 'es', messages: { title: [{ type: 0, value: 'Hola' }] } },
    h(BrowserRouter, null, h(Routes, null, h(Route, { element: h(Screen) },
      h(Route, { path: '/', element: h(Navigate, { to: '/login' }) })))))));
`;

/** Gzip bytes of the stack's floor, built by the web workspace's Vite like the app. */
export async function measureStackFloor() {
  const { build } = await importFrom('web', 'vite');
  // inside web/, so the packages resolve exactly as the app's do
  const dir = join(repoRoot, 'web', `.bench-floor-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'entry.js'), FLOOR_ENTRY);
    // the app's own Vite config, so the floor gets its plugins too (the message parser aliased
    // away, the same minifier and target); only the entry differs
    await build({
      root: dir,
      configFile: join(repoRoot, 'web', 'vite.config.ts'),
      logLevel: 'error',
      build: {
        outDir: join(dir, 'out'),
        rollupOptions: { input: join(dir, 'entry.js') },
      },
    });
    const out = join(dir, 'out', 'assets');
    return readdirSync(out)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipBytes(readFileSync(join(out, f))), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printWebSize(m) {
  console.log(
    table([
      ['chunk loaded by /login', 'raw', 'gzip -9'],
      ...m.files.map((r) => [r.file, fmt.kb(r.raw), fmt.kb(r.gzip)]),
      ['total JavaScript', fmt.kb(m.totalRaw), fmt.kb(m.total)],
    ]),
  );
  console.log(
    `JavaScript for /login: ${fmt.kb(m.total)} gzip (target <= ${WEB_TARGET_KB} KB): ${status(m.ok)}; CSS ${fmt.kb(m.cssGzip)} gzip (not counted)`,
  );
  if (Number.isFinite(m.floorGzip)) {
    console.log(
      `the stack alone (React, React DOM, React Router, react-intl; one empty screen): ${fmt.kb(m.floorGzip)} gzip; ours on top: ${fmt.kb(m.total - m.floorGzip)}`,
    );
  }
  if (Number.isFinite(m.dashboardGzip)) {
    console.log(`JavaScript for /dashboard (for comparison): ${fmt.kb(m.dashboardGzip)} gzip`);
  }
  console.log(
    `admin code on /login: ${m.adminFree ? 'none' : `${[...m.adminChunksLoaded, ...m.adminModulesLoaded].join(', ')}`} (admin chunks: ${m.adminFiles.join(', ') || 'none found'}): ${status(m.adminFree)}`,
  );
  if (m.adminMessages.length > 0) {
    const bytes = m.adminMessages.reduce((sum, x) => sum + x.bytes, 0);
    console.log(
      `NOTE the admin screens' messages are in that set: ${m.adminMessages.map((x) => relative(join(repoRoot, 'web'), x.id)).join(', ')} (${fmt.kb(bytes)} before minification)`,
    );
  }
  if (m.breakdown.length > 0) {
    console.log('largest contributors (rendered source before minification):');
    for (const [owner, bytes] of m.breakdown.slice(0, 8)) {
      console.log(`  ${owner.padEnd(40)} ${fmt.kb(bytes)}`);
    }
  }
}

export async function runWebSize({ build } = {}) {
  heading('Web: JavaScript loaded by /login');
  let own;
  try {
    if (!build) {
      own = makeTempDir('portal-bench-web-');
      build = await buildWeb(own);
      console.log(`built web in ${(build.ms / 1000).toFixed(0)} s`);
    }
    const m = { ...measureWebBuild(build), floorGzip: await measureStackFloor() };
    printWebSize(m);
    return {
      results: [
        result(
          'web',
          'JS loaded by /login (gzip -9)',
          fmt.kb(m.total),
          `<= ${WEB_TARGET_KB} KB`,
          m.ok,
        ),
        result('web', 'JS of the stack alone (gzip -9)', fmt.kb(m.floorGzip), '', null),
        result('web', 'JS loaded by /dashboard (gzip -9)', fmt.kb(m.dashboardGzip), '', null),
        result(
          'web',
          'admin code loaded by /login',
          m.adminFree ? 'none' : 'yes',
          'none',
          m.adminFree,
        ),
      ],
      measured: m,
    };
  } finally {
    if (own) removeTempDir(own);
  }
}

if (isMain(import.meta.url)) {
  runWebSize().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
