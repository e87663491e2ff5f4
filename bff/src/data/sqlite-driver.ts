import { createRequire } from 'node:module';
import type BetterSqlite3Type from 'better-sqlite3';

/**
 * better-sqlite3 for the Node that runs the server. Version 12 is built on V8's own API, and on
 * Node 24 it can abort the process when a prepared statement is freed (`Assertion failed: (env)
 * != nullptr` in `Statement::~Statement`, an upstream incompatibility with Node 24's
 * `ObjectWrap`). Version 13 moved to Node-API and fixes it, but needs Node 22 or later and
 * crashes on Node 20, which the portal still supports. So 13 is an optional dependency (npm
 * installs it only where Node is 22+) and this picks it when it is there; the API our code uses
 * is the same in both (the whole BFF suite passes on each).
 */
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

function load(): typeof BetterSqlite3Type {
  if (nodeMajor >= 22) {
    try {
      return require('better-sqlite3-napi') as typeof BetterSqlite3Type;
    } catch {
      // installed under an older Node: version 12 still runs
    }
  }
  return require('better-sqlite3') as typeof BetterSqlite3Type;
}

const BetterSqlite3 = load();
export default BetterSqlite3;
