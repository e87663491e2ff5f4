import { startTransition, useEffect, useState } from 'react';
import { readPublicConfig } from '../../lib/public-config';
import { getToken } from '../../lib/session';

export type MaintenanceState = 'checking' | 'on' | 'off';

/**
 * The spec's gate: with a stored token the public config is read ('checking' meanwhile); without a
 * token the check is skipped; a failed check counts as off.
 */
export function useMaintenance(): MaintenanceState {
  const [state, setState] = useState<MaintenanceState>(() => (getToken() ? 'checking' : 'off'));
  useEffect(() => {
    if (!getToken()) return;
    let active = true;
    // a transition: the screen behind the gate renders in short slices, not one long task
    const settle = (next: MaintenanceState) => {
      if (active) startTransition(() => setState(next));
    };
    // the same answer the dashboard reads: one request for the page
    readPublicConfig()
      .then((config) => settle(config.maintenance_mode ? 'on' : 'off'))
      .catch(() => settle('off'));
    return () => {
      active = false;
    };
  }, []);
  return state;
}

const EXEMPT = ['/admin', '/login', '/registrarse'];

export function isExemptFromMaintenance(path: string): boolean {
  return EXEMPT.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
