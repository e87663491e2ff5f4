import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { isExemptFromMaintenance, useMaintenance } from './use-maintenance';

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const state = useMaintenance();
  const { pathname } = useLocation();
  if (state === 'checking') {
    return (
      <p role="status" className="p-8 text-center">
        <FormattedMessage id="app.loading" />
      </p>
    );
  }
  if (state === 'on' && !isExemptFromMaintenance(pathname)) {
    return (
      <section className="mx-auto max-w-xl p-8 text-center" aria-labelledby="maintenance-title">
        <h1 id="maintenance-title" className="text-2xl font-bold">
          <FormattedMessage id="maintenance.enabled" />
        </h1>
        <p className="mt-4">
          <FormattedMessage id="maintenance.detail" />
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
