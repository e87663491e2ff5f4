import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COUNCIL_LIMITS, readCouncilFile, type Council } from '../council.js';

/**
 * The councils of a deployment that serves several (COUNCILS_DIR): one folder per council, its
 * name the council's id, holding its `council.json` and the files it names, as COUNCIL_FILE's
 * folder does for one council. Each council lists the host names it answers on.
 */
export interface CouncilFolder {
  /** The folder's name: the council's id (lower-case letters, digits and hyphens). */
  id: string;
  dir: string;
  /** Its council.json. */
  file: string;
  /** The checked council, or null when its folder has problems. */
  council: Council | null;
  /** Lower-case host names without port. */
  hosts: string[];
  /** One line per problem, each naming the council. Empty when the council can be served. */
  problems: string[];
}

/** A council's id: its folder's name, also its database's and its data folder's name. */
export const COUNCIL_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_ID_LENGTH = 40;

/** One council folder, checked alone (`npm run admin -- councils check <folder>`). */
export function readCouncilFolder(dir: string): CouncilFolder {
  const path = resolve(dir);
  const id = path.split(/[\\/]/).pop() ?? '';
  const file = join(path, 'council.json');
  const problems: string[] = [];
  if (!COUNCIL_ID.test(id) || id.length > MAX_ID_LENGTH) {
    problems.push(
      `council "${id}": the folder's name is the council's id: lower-case letters, digits and hyphens, at most ${MAX_ID_LENGTH}`,
    );
  }
  const read = readCouncilFile(file);
  problems.push(...read.problems.map((problem) => `council "${id}": ${problem}`));
  // a council whose file has problems still answers on the hosts it lists (503, not another's
  // page or "unknown"), when they can be read
  const hosts = read.council?.hosts ?? listedHosts(file);
  if (read.council && hosts.length === 0) {
    problems.push(`council "${id}": hosts must name at least one host name`);
  }
  return {
    id,
    dir: path,
    file,
    council: problems.length === 0 ? read.council : null,
    hosts,
    problems,
  };
}

/** The hosts a council file lists, read alone from a file that fails its other checks. */
function listedHosts(file: string): string[] {
  try {
    if (statSync(file).size > COUNCIL_LIMITS.file) return [];
    const raw = (JSON.parse(readFileSync(file, 'utf8')) as { hosts?: unknown }).hosts;
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((host): host is string => typeof host === 'string')
      .map((host) => requestHost(host))
      .filter((host): host is string => host !== null);
  } catch {
    return [];
  }
}

/**
 * Every council folder under COUNCILS_DIR (folders whose name starts with a dot are ignored),
 * sorted by id. A host named by two councils is a problem of both: a request must never be
 * served by the wrong one.
 */
export function readCouncilFolders(councilsDir: string): CouncilFolder[] {
  const root = resolve(councilsDir);
  const folders = readdirSync(root)
    .filter((name) => !name.startsWith('.') && statSync(join(root, name)).isDirectory())
    .sort()
    .map((name) => readCouncilFolder(join(root, name)));
  const owners = new Map<string, string[]>();
  for (const folder of folders) {
    for (const host of folder.hosts) owners.set(host, [...(owners.get(host) ?? []), folder.id]);
  }
  for (const folder of folders) {
    for (const host of folder.hosts) {
      const ids = owners.get(host) ?? [];
      if (ids.length > 1) {
        folder.problems.push(
          `council "${folder.id}": host ${host} is also listed by ${ids.filter((id) => id !== folder.id).join(', ')}`,
        );
        folder.council = null;
      }
    }
  }
  return folders;
}

/**
 * The host a request names, as councils list theirs: lower case, without port or trailing dot
 * (an IPv6 literal keeps its brackets off). Null when there is none.
 */
export function requestHost(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('['))
    host = host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  else host = host.replace(/:\d*$/, '');
  host = host.replace(/\.$/, '');
  return host === '' ? null : host;
}
