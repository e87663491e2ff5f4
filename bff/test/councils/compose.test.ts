import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readCouncilFolders } from '../../src/councils/council-folders.js';

/**
 * Issue 64: the compose file runs two councils out of the box. No Docker engine runs on the
 * development machines, so the file is read as compose reads it: the portal gets COUNCILS_DIR,
 * the folder mounted there holds both bundled councils (each with its hosts, none shared), Caddy
 * answers every one of those hosts and passes them on, and its health check is one a process
 * answers on an address that is no council's.
 */
const repo = resolve(import.meta.dirname, '../../..');

interface Service {
  environment?: Record<string, string>;
  volumes?: string[];
  profiles?: string[];
  entrypoint?: string[];
}

const compose = parse(readFileSync(join(repo, 'compose.councils.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };

/** compose's `${NAME:-default}` as it reads with NAME unset. */
const unset = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('compose.councils.yaml', () => {
  const portal = compose.services.portal!;

  it('serves COUNCILS_DIR from the bundled councils folder, read only', () => {
    const councilsDir = portal.environment!.COUNCILS_DIR!;
    const mount = portal.volumes!.map(unset).find((v) => v.split(':')[1] === councilsDir);
    expect(mount).toBe('./councils:/councils:ro');
    expect(portal.environment!.DATABASE_URL).toMatch(/^postgres:\/\//);
    // the admin service runs the councils commands against the same settings and folder
    const admin = compose.services.councils!;
    expect(admin.environment!.COUNCILS_DIR).toBe(councilsDir);
    expect(admin.volumes).toEqual(portal.volumes);
    expect(admin.entrypoint).toEqual(['npm', 'run', 'admin', '--']);
    expect(admin.profiles).toEqual(['admin']);
  });

  it('both bundled councils are there, each on its own host, and Caddy answers each host', () => {
    const folders = readCouncilFolders(join(repo, 'councils'));
    expect(folders.map((f) => [f.id, f.hosts, f.problems])).toEqual([
      ['ejemplo', ['ejemplo.localhost'], []],
      ['nigran', ['nigran.localhost'], []],
    ]);
    const hosts = folders.flatMap((f) => f.hosts).sort();
    const site = unset(compose.services.proxy!.environment!.SITE_ADDRESS!)
      .split(',')
      .map((h) => h.trim());
    expect(site.sort()).toEqual(hosts.map((h) => `http://${h}`));
    expect(unset(portal.environment!.PUBLIC_URL!)).toBe('http://localhost');
    // the sandbox bank's calls to each council's address reach the proxy from the container
    expect((portal as { extra_hosts?: string[] }).extra_hosts?.sort()).toEqual(
      hosts.map((h) => `${h}:host-gateway`),
    );
    const caddy = readFileSync(join(repo, 'deploy/Caddyfile.councils'), 'utf8');
    expect(compose.services.proxy!.volumes).toContain(
      './deploy/Caddyfile.councils:/etc/caddy/Caddyfile:ro',
    );
    expect(caddy).toContain('{$SITE_ADDRESS} {');
    expect(caddy).toMatch(/reverse_proxy portal:8080 \{/);
    // /api/ready is a council's, on its host; the proxy asks by address: /api/health
    expect(caddy).toContain('health_uri /api/health');
  });
});
