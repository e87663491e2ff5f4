import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { councilDatabase, type DatabaseTarget } from '../councils/council-database.js';
import { COUNCIL_ID, readCouncilFolder, type CouncilFolder } from '../councils/council-folders.js';

/** Why a command about one council cannot go ahead: one line for the operator. */
export class CouncilRefused extends Error {}

/** COUNCILS_DIR as the operator typed it (relative to where the command was typed), or null. */
export function councilsDirOf(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.COUNCILS_DIR?.trim();
  if (!raw) return null;
  return resolve(env.INIT_CWD ?? process.cwd(), raw);
}

/** COUNCILS_DIR, which every `--council` and `councils …` command but `check` needs. */
export function requireCouncilsDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = councilsDirOf(env);
  if (dir === null)
    throw new CouncilRefused(
      'COUNCILS_DIR is not set: name the folder holding one folder per council (docs/many-councils.md).',
    );
  if (!existsSync(dir)) throw new CouncilRefused(`COUNCILS_DIR ${dir} does not exist.`);
  return dir;
}

/** A council's id as typed on the command line, checked before it names a folder or database. */
export function checkCouncilId(id: string): string {
  if (!COUNCIL_ID.test(id) || id.length > 40)
    throw new CouncilRefused(
      `"${id}" is not a council id: lower-case letters, digits and hyphens (its folder's name).`,
    );
  return id;
}

/**
 * One council of COUNCILS_DIR and where its database lives. Refused when its folder is not there
 * or has problems (every problem in the message, one a line).
 */
export function councilTarget(
  base: DatabaseTarget,
  id: string,
  env: NodeJS.ProcessEnv = process.env,
): { folder: CouncilFolder; target: DatabaseTarget } {
  const dir = requireCouncilsDir(env);
  checkCouncilId(id);
  const path = join(dir, id);
  if (!existsSync(join(path, 'council.json')))
    throw new CouncilRefused(
      `council "${id}" has no folder in COUNCILS_DIR (${path}/council.json).`,
    );
  const folder = readCouncilFolder(path);
  if (folder.problems.length > 0) throw new CouncilRefused(folder.problems.join('\n'));
  return { folder, target: councilDatabase(base, id) };
}
