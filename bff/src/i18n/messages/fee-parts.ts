import { defineMessages } from '../define.js';

/** A fee in parts: staff's split of an activity's fee and paying it part by part (issue 51). */
export const feeParts = defineMessages({
  parts_too_many: {
    es: 'Una cuota puede pagarse como mucho en {max} plazos.',
    en: 'A fee can be paid in {max} instalments at most.',
    gl: 'Unha cota pode pagarse como moito en {max} prazos.',
  },
  parts_one: {
    es: 'Un solo plazo no divide la cuota: deja la lista vacía para un único pago o añade otro plazo.',
    en: 'A single instalment does not split the fee: leave the list empty for one payment or add another instalment.',
    gl: 'Un só prazo non divide a cota: deixa a lista baleira para un único pagamento ou engade outro prazo.',
  },
  parts_percent: {
    es: 'El {number}.º plazo debe ser una parte de la cuota de más del 0 % y hasta el 100 %, con dos decimales como mucho.',
    en: 'Instalment {number} must be a share of the fee above 0 % and up to 100 %, with two decimals at most.',
    gl: 'O {number}.º prazo debe ser unha parte da cota de máis do 0 % e ata o 100 %, con dous decimais como moito.',
  },
  parts_weight: {
    es: 'El peso del {number}.º plazo debe ser un número entero de 1 a {max}.',
    en: 'The weight of instalment {number} must be a whole number from 1 to {max}.',
    gl: 'O peso do {number}.º prazo debe ser un número enteiro de 1 a {max}.',
  },
  parts_mixed: {
    es: 'El {number}.º plazo debe darse como los demás: todos en porcentaje o todos por peso.',
    en: 'Instalment {number} must be given like the others: all in percent or all by weight.',
    gl: 'O {number}.º prazo debe darse coma os demais: todos en porcentaxe ou todos por peso.',
  },
  registration_fee_invalid: {
    es: 'La matrícula debe ser un importe de 0 a 100.000 €.',
    en: 'The registration fee must be an amount from 0 to 100,000 €.',
    gl: 'A matrícula debe ser un importe de 0 a 100.000 €.',
  },
  parts_order: {
    es: 'El {number}.º plazo debe vencer después del {previous}.º.',
    en: 'Instalment {number} must fall due after instalment {previous}.',
    gl: 'O {number}.º prazo debe vencer despois do {previous}.º.',
  },
  parts_total: {
    es: 'Los plazos suman el {total} %: deben sumar el 100 %.',
    en: 'The instalments add up to {total} %: they must add up to 100 %.',
    gl: 'Os prazos suman o {total} %: deben sumar o 100 %.',
  },
  parts_past: {
    es: 'El {number}.º plazo vence el {date}, que ya ha pasado: nadie podría pagarlo en línea. Elige hoy o un día posterior.',
    en: 'Instalment {number} falls due on {date}, which has already passed: nobody could pay it online. Choose today or a later day.',
    gl: 'O {number}.º prazo vence o {date}, que xa pasou: ninguén podería pagalo en liña. Escolle hoxe ou un día posterior.',
  },
  parts_locked: {
    es: 'Alguien ya pagó esta cuota o uno de sus plazos: sus plazos no pueden cambiar.',
    en: 'Someone has already paid this fee or one of its instalments: its instalments cannot change.',
    gl: 'Alguén xa pagou esta cota ou un dos seus prazos: os seus prazos non poden cambiar.',
  },
  payment_part_out_of_order: {
    es: 'Paga antes el {number}.º plazo de «{name}» (hasta el {date, date}).',
    en: 'Pay instalment {number} of “{name}” first (by {date, date}).',
    gl: 'Paga antes o {number}.º prazo de «{name}» (ata o {date, date}).',
  },
  payment_part_deadline_passed: {
    es: 'El {number}.º plazo de «{name}» se podía pagar hasta el {date, date}. Pregunta en el Concello cómo pagarlo.',
    en: 'Instalment {number} of “{name}” could be paid until {date, date}. Ask the council how to pay it.',
    gl: 'O {number}.º prazo de «{name}» podíase pagar ata o {date, date}. Pregunta no Concello como pagalo.',
  },
  payment_fee_in_parts: {
    es: 'La cuota de «{name}» se paga en plazos: elige los plazos que quieres pagar.',
    en: 'The fee for “{name}” is paid in instalments: choose the instalments you want to pay.',
    gl: 'A cota de «{name}» págase en prazos: escolle os prazos que queres pagar.',
  },
  payment_part_unknown: {
    es: '«{name}» no tiene un {number}.º plazo.',
    en: '“{name}” has no instalment {number}.',
    gl: '«{name}» non ten un {number}.º prazo.',
  },
  payment_part_already_paid: {
    es: 'El {number}.º plazo de «{name}» ya está pagado.',
    en: 'Instalment {number} of “{name}” has already been paid.',
    gl: 'O {number}.º prazo de «{name}» xa está pagado.',
  },
  payment_part_in_remittance: {
    es: 'El {number}.º plazo de «{name}» ya se envió al banco para cobrarlo por domiciliación el {date, date}: no lo pagues con tarjeta ni Bizum.',
    en: 'Instalment {number} of “{name}” has already been sent to the bank to be collected by direct debit on {date, date}: do not pay it by card or Bizum.',
    gl: 'O {number}.º prazo de «{name}» xa se enviou ao banco para cobralo por domiciliación o {date, date}: non o pagues con tarxeta nin Bizum.',
  },
  payment_fee_in_remittance: {
    es: 'La cuota de «{name}» ya se envió al banco para cobrarla por domiciliación el {date, date}: no la pagues con tarjeta ni Bizum.',
    en: 'The fee for “{name}” has already been sent to the bank to be collected by direct debit on {date, date}: do not pay it by card or Bizum.',
    gl: 'A cota de «{name}» xa se enviou ao banco para cobrala por domiciliación o {date, date}: non a pagues con tarxeta nin Bizum.',
  },
  payment_nothing_chosen: {
    es: 'Elige al menos una actividad o un plazo que pagar.',
    en: 'Choose at least one activity or instalment to pay.',
    gl: 'Escolle polo menos unha actividade ou un prazo que pagar.',
  },
  refund_later_part_first: {
    es: 'Devuelve antes el {number}.º plazo de «{name}», pagado después de este.',
    en: 'Refund instalment {number} of “{name}” first: it was paid after this one.',
    gl: 'Devolve antes o {number}.º prazo de «{name}», pagado despois deste.',
  },
});
