// The server's own composition root in the bench's process, for seeding through the server's
// repositories and services (no password to hash, no HTTP) and for in-process measurements.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './common.mjs';
import { dniFor } from './portal.mjs';

// the bench's servers share this secret (lib/portal.mjs), so tokens issued here are good there
const JWT_SECRET = 'bench-secret-long-enough-for-hs256-0123456789abcdef';

/** A module of the built BFF (bff/dist). */
export const dist = (path) => import(pathToFileURL(join(repoRoot, 'bff/dist/src', path)).href);

/** The server's composition root in this process, on a deployment's database (or a fresh one). */
export async function serverParts({ dataDir, databaseUrl }) {
  const [{ loadConfig }, { openDatabase }, { createDeps }, { createLogger }] = await Promise.all([
    dist('config.js'),
    dist('data/open-database.js'),
    dist('deps.js'),
    dist('logger.js'),
  ]);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps = createDeps({ config, db, logger: createLogger('silent') });
  return { deps, db };
}

/** `count` accounts, each managing one person born in 2015; their tokens. 500 a transaction. */
export async function seedResidents(deps, base, count) {
  const residents = [];
  for (let start = 0; start < count; start += 500) {
    await deps.db.transaction(async () => {
      for (let r = start; r < Math.min(count, start + 500); r++) {
        const dni = dniFor(base + r);
        const id = await deps.repos.users.insert({
          dni,
          phone: String(650_000_000 + r),
          email: null,
          password_hash: 'not-used-by-the-bench',
          role: 'user',
          verified: true,
        });
        const person = await deps.repos.enrolments.insert({
          first_name: 'Persoa',
          last_name: `Tempada ${r}`,
          dni: dniFor(base + 500_000 + r),
          email: null,
          phone: String(650_000_000 + r),
          birth_date: '2015-06-01',
        });
        await deps.repos.persons.link(id, person);
        residents.push({ id, dni, person });
      }
    });
  }
  for (const resident of residents)
    resident.token = await deps.tokens.issue({
      id: resident.id,
      dni: resident.dni,
      role: 'user',
      token_version: 0,
    });
  return residents;
}

/**
 * What the database says of a first-come rush: per activity, the places offered are exactly the
 * first `places` applications in order of arrival and the rest wait; the links are the places.
 * `arrivalOf` (application row → a number) defaults to the id: the activity's lock makes the
 * order the database accepted them the order of ids.
 */
export async function placesGiven(db, activities, places, arrivalOf = (row) => row.id) {
  const rows = await db
    .q()
    .selectFrom('applications')
    .select(['id', 'activity_id', 'enrolment_id', 'status'])
    .where('activity_id', 'in', activities)
    .execute();
  let offered = 0;
  let inOrder = true;
  for (const id of activities) {
    const mine = rows
      .filter((row) => row.activity_id === id)
      .sort((a, b) => arrivalOf(a) - arrivalOf(b));
    offered += mine.filter((row) => row.status === 'offered').length;
    inOrder &&= mine.slice(0, places).every((row) => row.status === 'offered');
    inOrder &&= mine.slice(places).every((row) => row.status === 'waitlisted');
  }
  const links = await db
    .q()
    .selectFrom('enrolment_activities')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('activity_id', 'in', activities)
    .executeTakeFirstOrThrow();
  return { applications: rows.length, offered, links: Number(links.n), inOrder };
}
