// The image's dependency and run stages played on this machine, read from the Dockerfile itself,
// for machines with no Docker engine (ours): the production install as the `deps` stage runs it
// (better-sqlite3 compiled, the SBOM written), the run stage's files copied as its COPY lines copy
// them, then its CMD started with its ENV, as an unprivileged user who cannot write the app's
// files, with a second council's folder "mounted" from elsewhere. The HEALTHCHECK's own command
// must pass, the pages and the logo must be that council's, the build info must name the commit,
// and the stop signal must end the server with 0. What it cannot check is the base image itself
// (its Node and Debian come from this machine), so a real `docker build` stays worth running.
//
// Run after `npm run build` (npm test does): node scripts/image-rehearsal.mjs
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from './free-port.mjs';

const repo = resolve(import.meta.dirname, '..');
const problems = [];
const check = (ok, what) => {
  console.log(`${ok ? '  ✔' : '  ✘'} ${what}`);
  if (!ok) problems.push(what);
};

/** The Dockerfile as stages of [instruction, argument], continuation lines joined. */
function parseDockerfile(text) {
  const args = {};
  const stages = [];
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, instruction, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!instruction) throw new Error(`Dockerfile: cannot read "${line}"`);
    const op = instruction.toUpperCase();
    if (op === 'FROM') {
      const [, , name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ name: name ?? 'final', steps: [] });
    } else if (stages.length === 0 && op === 'ARG') {
      const [key, value = ''] = rest.split('=');
      args[key] = value;
    } else {
      stages.at(-1).steps.push([op, rest.replace(/\s+/g, ' ')]);
    }
  }
  return { args, stages };
}

/** KEY=value pairs of an ENV or ARG line, ${ARG} references resolved. */
function pairs(rest, vars) {
  const out = {};
  for (const [, key, value] of rest.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
    out[key] = value.replace(/^"|"$/g, '').replace(/\$\{(\w+)\}/g, (_, name) => vars[name] ?? '');
  }
  return out;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dockerfile = parseDockerfile(readFileSync(join(repo, 'Dockerfile'), 'utf8'));
for (const built of ['bff/dist/src/server.js', 'web/dist/index.html']) {
  if (!existsSync(join(repo, built))) throw new Error(`${built} is missing: run npm run build`);
}

const work = mkdtempSync(join(tmpdir(), 'portal-image-'));
chmodSync(work, 0o755);
const asRoot = process.getuid?.() === 0;
// the image's `node` user (uid 1000 there); here nobody, who owns nothing of the app
const runner = asRoot
  ? { uid: 65534, gid: 65534 }
  : { uid: process.getuid(), gid: process.getgid() };
const dataDir = join(work, 'data');
const roots = { build: repo, deps: join(work, 'deps'), final: join(work, 'app') };
const paths = (text, root) =>
  text.replaceAll('/app', root).replace(/(^|\s)\/data\b/g, `$1${dataDir}`);

/** A stage's COPY --from and RUN steps, in this machine's folders; the rest is collected. */
function playStage(stage, buildArgs) {
  const root = roots[stage.name];
  mkdirSync(root, { recursive: true });
  chmodSync(root, 0o755);
  const vars = { ...dockerfile.args, ...buildArgs };
  const collected = { env: {}, user: null, cmd: null, healthcheck: null, stopsignal: 'SIGTERM' };
  for (const [op, rest] of stage.steps) {
    if (op === 'ARG') Object.assign(vars, pairs(rest, vars), buildArgs);
    else if (op === 'ENV') Object.assign(collected.env, pairs(rest, vars));
    else if (op === 'USER') collected.user = rest;
    else if (op === 'CMD') collected.cmd = JSON.parse(rest);
    else if (op === 'STOPSIGNAL') collected.stopsignal = rest;
    else if (op === 'HEALTHCHECK') collected.healthcheck = JSON.parse(rest.replace(/^.*?CMD /, ''));
    else if (op === 'COPY') {
      const [, from, list] = /^--from=(\S+) (.+)$/.exec(rest) ?? [];
      if (!from) throw new Error(`COPY without --from is not rehearsed: ${rest}`);
      const parts = list.split(' ');
      const dest = join(root, parts.pop());
      for (const source of parts) {
        const src = paths(source, roots[from]);
        const target =
          parts.length > 1 || dest.endsWith('/') || list.trim().endsWith('/')
            ? join(dest, src.split('/').pop())
            : dest;
        mkdirSync(dirname(target), { recursive: true });
        cpSync(src, target, { recursive: true });
      }
    } else if (op === 'WORKDIR') {
      if (rest !== '/app') throw new Error(`WORKDIR ${rest}: the rehearsal maps /app only`);
    } else if (op !== 'RUN') {
      // VOLUME and EXPOSE change nothing here; anything else would be a step not rehearsed
      if (op !== 'VOLUME' && op !== 'EXPOSE') throw new Error(`${op} is not rehearsed: ${rest}`);
    } else {
      // the base image's packages (the build tools) are this machine's own
      if (/^apt-get\b/.test(rest)) continue;
      const command = paths(rest, root).replace(
        /\bchown (\w+):(\w+)/g,
        `chown ${runner.uid}:${runner.gid}`,
      );
      console.log(`  ${stage.name}$ ${command.replace(work, '…')}`);
      const result = spawnSync('sh', ['-c', command], { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`${stage.name}: "${rest}" failed`);
    }
  }
  return collected;
}

async function rehearse() {
  console.log(`image rehearsal in ${work}`);
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo }).toString().trim();
  const byName = Object.fromEntries(dockerfile.stages.map((stage) => [stage.name, stage]));
  playStage(byName.deps, {});
  const image = playStage(byName.final, { PORTAL_COMMIT: commit });
  if (asRoot && !existsSync(dataDir)) throw new Error('the run stage made no data folder');

  // what the image ships: the server's production packages, listed in the SBOM
  const sbom = JSON.parse(readFileSync(join(roots.final, 'sbom.cdx.json'), 'utf8'));
  const listed = new Set(sbom.components.map((c) => `${c.name}@${c.version}`));
  check(sbom.bomFormat === 'CycloneDX', 'the image carries a CycloneDX SBOM');
  // each of the server's dependencies as Node finds it from bff/ (nested first, then the root)
  const { dependencies } = JSON.parse(readFileSync(join(repo, 'bff/package.json'), 'utf8'));
  const missing = Object.keys(dependencies).filter((name) => {
    const found = ['bff/node_modules', 'node_modules']
      .map((folder) => join(roots.final, folder, name, 'package.json'))
      .find((file) => existsSync(file));
    return !found || !listed.has(`${name}@${JSON.parse(readFileSync(found, 'utf8')).version}`);
  });
  check(
    missing.length === 0,
    `every dependency of the server is in the image and in the SBOM at the version it loads${
      missing.length ? ` (not: ${missing.join(', ')})` : ''
    }`,
  );
  const shipped = readdirSync(join(roots.final, 'node_modules'));
  check(
    !['vitest', 'vite', 'playwright', '@playwright', 'storybook', 'react'].some((name) =>
      shipped.includes(name),
    ),
    'no development or web-only package in the image’s node_modules',
  );

  // a council's own folder, mounted from outside the app
  const mounted = join(work, 'etc-portal-council');
  cpSync(join(repo, 'councils/ejemplo'), mounted, { recursive: true });
  chmodSync(mounted, 0o755);
  const council = JSON.parse(readFileSync(join(mounted, 'council.json'), 'utf8'));

  // the node the image's PATH has, somewhere the unprivileged user can run it from
  const bin = join(work, 'bin');
  mkdirSync(bin);
  copyFileSync(process.execPath, join(bin, 'node'));
  chmodSync(bin, 0o755);
  chmodSync(join(bin, 'node'), 0o755);

  const port = await freePort();
  const metricsToken = randomBytes(12).toString('hex');
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    ...Object.fromEntries(
      Object.entries(image.env).map(([key, value]) => [key, paths(value, roots.final)]),
    ),
    PORT: String(port),
    // what an operator sets (compose.yaml's list), with test credentials and no real provider
    PUBLIC_URL: 'https://deportes.villaejemplo.example',
    JWT_SECRET: randomBytes(48).toString('base64'),
    COUNCIL_FILE: join(mounted, 'council.json'),
    REDSYS_MERCHANT_CODE: '999008881',
    REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
    // Redsys's test bank on an https address is refused unless said (a staging site)
    ALLOW_REDSYS_TEST_ON_HTTPS: 'true',
    SMS_ADAPTER: 'outbox',
    MAIL_ADAPTER: 'outbox',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    ADMIN_DNI: '12345678Z',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    METRICS_TOKEN: metricsToken,
  };
  check(image.user === 'node', 'the run stage runs as the non-root user node');
  // a production server refuses an empty database; the operator initialises it once, on purpose
  // (compose.yaml's `init` service, deploy/portal.service's header): `npm run admin -- init`
  const runAsImage = (args) =>
    spawnSync(image.cmd[0], args, {
      cwd: roots.final,
      env,
      uid: runner.uid,
      gid: runner.gid,
      encoding: 'utf8',
      timeout: 60_000,
    });
  const refused = runAsImage(image.cmd.slice(1));
  check(
    refused.status === 2 && /npm run admin -- init/.test(refused.stderr),
    'the image refuses to start on an empty database until it is initialised',
  );
  const initialised = runAsImage(['bff/dist/src/cli/admin.js', 'init']);
  check(
    initialised.status === 0,
    `npm run admin -- init initialises the database (${initialised.stderr.trim()})`,
  );
  const server = spawn(image.cmd[0], image.cmd.slice(1), {
    cwd: roots.final,
    env,
    uid: runner.uid,
    gid: runner.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => server.on('exit', (code, signal) => done({ code, signal })));

  try {
    // the HEALTHCHECK's own command, as Docker runs it, until it passes (its start period: 20 s)
    let healthy = false;
    for (let i = 0; i < 40 && !healthy && server.exitCode === null; i++) {
      await sleep(500);
      const probe = spawnSync(image.healthcheck[0], image.healthcheck.slice(1), {
        env,
        uid: runner.uid,
        gid: runner.gid,
      });
      healthy = probe.status === 0;
    }
    check(healthy, 'the HEALTHCHECK command passes');
    if (!healthy) return;
    const base = `http://127.0.0.1:${port}`;
    // ready once its hot paths are warm (http/warm-up.ts: at most a couple of seconds), as a
    // load balancer polls it
    let ready = await fetch(`${base}/api/ready`);
    for (let i = 0; i < 30 && ready.status !== 200; i++) {
      await sleep(500);
      ready = await fetch(`${base}/api/ready`);
    }
    check(ready.status === 200, '/api/ready answers 200 once warm');
    const page = await (await fetch(`${base}/login`)).text();
    check(
      page.includes('id="council-data"') && page.includes(council.name) && !page.includes('Nigrán'),
      `/login carries the mounted council (${council.name}) and not Nigrán`,
    );
    const logo = await fetch(`${base}/council/${council.logo}`);
    check(
      logo.status === 200 && /svg|png/.test(logo.headers.get('content-type') ?? ''),
      'the mounted council’s logo is served',
    );
    const metrics = await (
      await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
    ).text();
    check(
      new RegExp(`portal_build_info\\{[^}]*commit="${commit.slice(0, 12)}"`).test(metrics),
      'portal_build_info names the commit passed as the build argument',
    );
    check(
      readdirSync(dataDir).some((name) => /\.(sqlite|db)$/.test(name)),
      'the database is in the data volume',
    );
  } finally {
    server.kill(image.stopsignal);
    const stop = await Promise.race([exited, sleep(15_000).then(() => null)]);
    check(stop?.code === 0, `the server ends with 0 on ${image.stopsignal} within 15 s`);
    if (!stop) server.kill('SIGKILL');
    if (problems.length > 0) console.log(`server output:\n${output}`);
  }
}

try {
  await rehearse();
} catch (err) {
  problems.push(err.message);
  console.error(`✘ ${err.message}`);
} finally {
  if (asRoot) chownSync(work, 0, 0);
  rmSync(work, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`image rehearsal: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('image rehearsal: the run stage starts and serves the mounted council');
