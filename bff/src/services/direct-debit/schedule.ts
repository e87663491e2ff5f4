import type { DirectDebitView } from '../../data/mandates-repo.js';
import type { DirectDebitReturnRow, RemittanceItemRow } from '../../data/remittances-repo.js';
import { parseParts, registrationDue, splitEnrolledFee } from '../fees/parts.js';

/** One line of a domiciled fee: a part (or the whole fee) or a return fee, and where it stands. */
export interface ScheduleLine {
  kind: 'fee' | 'return_fee';
  part: { number: number; of: number } | null;
  amount_cents: number;
  /** How much of `amount_cents` is the registration fee (part 1, or the whole fee; never reduced). */
  registration_fee_cents: number;
  /** A part: the whole fee it is a share of (without the registration fee); else null. */
  fee_cents: number | null;
  /** A part: what is left to pay after it (the later parts not paid); else null. */
  remaining_cents: number | null;
  /** Its last day (a part's, the deadline), or null. */
  due_date: string | null;
  status: 'scheduled' | 'in_remittance' | 'collected' | 'returned';
  /** The latest item of this line, with its return if any. */
  item: RemittanceItemRow | null;
  return: DirectDebitReturnRow | null;
  /** May go into the next remittance: not with the bank, not collected, nothing before it blocking. */
  collectable: boolean;
  /** For a return fee line: the return it charges for. */
  charged_return_id: number | null;
}

/**
 * Where every line of a domiciled fee stands, from the fee as it is now (`feeCents`), the
 * activity's parts and the debit's items and returns. A part is collectable when it is unpaid,
 * no item of it is with the bank or collected, and the parts before it are collected or with the
 * bank; a returned one only when its return asks to present it once more (AM04, the first time).
 * The activity's registration fee, never reduced, goes with part 1 (or the whole fee) while it is
 * unpaid, as a card payment would charge it; a line with the bank keeps what its item asked for.
 */
export function scheduleOf(
  debit: DirectDebitView,
  feeCents: number,
  deadline: string | null,
  items: RemittanceItemRow[],
  returns: DirectDebitReturnRow[],
): ScheduleLine[] {
  const parts = parseParts(debit.parts);
  const returnOf = new Map(returns.map((r) => [r.item_id, r]));
  const latest = (partNumber: number | null) =>
    items.filter((i) => i.kind === 'fee' && i.part_number === partNumber).at(-1) ?? null;
  const registration = registrationDue(debit);
  const all = parts.length === 0 ? [] : splitEnrolledFee(debit, feeCents);
  const fees =
    parts.length === 0
      ? [
          {
            part: null,
            amount: feeCents + registration,
            registration,
            fee: null,
            remaining: null,
            due: deadline,
            paid: debit.is_paid === 1,
          },
        ]
      : all.map((line) => ({
          part: { number: line.number, of: line.of },
          amount: line.amount_cents,
          registration: line.registration_fee_cents,
          fee: feeCents,
          remaining: all
            .filter((later) => later.number > line.number && !later.paid)
            .reduce((sum, later) => sum + later.amount_cents, 0),
          due: line.due_date,
          paid: line.paid,
        }));
  const lines: ScheduleLine[] = [];
  let blocked = false;
  for (const fee of fees) {
    const item = latest(fee.part?.number ?? null);
    const ret = item ? (returnOf.get(item.id) ?? null) : null;
    const status = !item
      ? 'scheduled'
      : item.status === 'in_remittance'
        ? 'in_remittance'
        : item.status;
    // paid some other way (card, Bizum, the desk): not the debit's any more
    if (fee.paid && status !== 'collected') continue;
    const collectable =
      !blocked && !fee.paid && (!item || (item.status === 'returned' && ret?.represent === 1));
    if (!fee.paid && item?.status === 'returned' && ret?.represent !== 1) blocked = true;
    lines.push({
      kind: 'fee',
      part: fee.part,
      // what the bank was (or is being) asked for, or what it would be asked for now
      ...(item && item.status !== 'returned'
        ? {
            amount_cents: item.amount_cents,
            registration_fee_cents: item.registration_fee_cents,
            fee_cents: item.fee_cents,
            remaining_cents: item.remaining_cents,
          }
        : {
            amount_cents: fee.amount,
            registration_fee_cents: fee.registration,
            fee_cents: fee.fee,
            remaining_cents: fee.remaining,
          }),
      due_date: fee.due,
      status,
      item,
      return: ret,
      collectable: collectable && fee.amount > 0,
      charged_return_id: null,
    });
  }
  for (const ret of returns.filter((r) => r.fee_cents > 0)) {
    const item = items.filter((i) => i.charged_return_id === ret.id).at(-1) ?? null;
    lines.push({
      kind: 'return_fee',
      part: null,
      amount_cents: ret.fee_cents,
      registration_fee_cents: 0,
      fee_cents: null,
      remaining_cents: null,
      due_date: null,
      status: !item ? 'scheduled' : item.status,
      item,
      return: item ? (returnOf.get(item.id) ?? null) : null,
      collectable: !item,
      charged_return_id: ret.id,
    });
  }
  return lines;
}
