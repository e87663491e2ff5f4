import type { ConfigRepo, ConfigRow } from '../data/config-repo.js';
import type { Clock } from '../lib/clock.js';
import { madridDate } from '../lib/madrid-date.js';

export interface PaymentWindow {
  today: string;
  open: boolean;
  reason: 'payments_disabled' | 'deadline_expired' | null;
}

/** Payment is open while payments are enabled and today (Europe/Madrid) < deadline_date. */
export function paymentWindow(config: ConfigRow, now: Date): PaymentWindow {
  const today = madridDate(now);
  if (!config.payments_enabled) return { today, open: false, reason: 'payments_disabled' };
  if (config.deadline_date !== null && today >= config.deadline_date) {
    return { today, open: false, reason: 'deadline_expired' };
  }
  return { today, open: true, reason: null };
}

export function discountFraction(config: ConfigRow): number {
  return config.global_discount_bp / 10000;
}

export function createSettingsService(
  repo: ConfigRepo,
  clock: Clock,
  /** Whether fee rules are in place (services/fees/quotes.ts), asked on each call. */
  feeMode: () => Promise<'simple' | 'rules'>,
) {
  return {
    current: () => repo.get(),
    async publicView() {
      const [config, mode] = await Promise.all([repo.get(), feeMode()]);
      const window = paymentWindow(config, clock.now());
      return {
        maintenance_mode: config.maintenance_mode,
        payments_enabled: config.payments_enabled,
        global_discount: discountFraction(config),
        deadline_date: config.deadline_date,
        payments_open: window.open,
        today: window.today,
        fee_mode: mode,
        bizum_enabled: config.bizum_enabled,
        direct_debit_enabled: config.direct_debit_enabled,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
