import { defineMessages } from '../define.js';

/** Messages of the payments area (keys prefixed `payment_` / `sandbox_`; error codes stay short). */
export const payments = defineMessages({
  payment_not_found: {
    es: 'No encontramos a esa persona entre las que gestionas.',
    en: 'We could not find that person among the people you manage.',
    gl: 'Non atopamos esa persoa entre as que xestionas.',
  },
  payment_mixed_persons: {
    es: 'Solo puedes pagar actividades de una persona cada vez.',
    en: 'You can only pay for activities for one person at a time.',
    gl: 'Só podes pagar actividades dunha persoa cada vez.',
  },
  payment_already_paid: {
    es: 'La actividad «{name}» ya está pagada.',
    en: 'The activity “{name}” has already been paid.',
    gl: 'A actividade «{name}» xa está pagada.',
  },
  payment_discount_unavailable: {
    es: 'Ahora mismo no hay ninguna reducción disponible. Paga el importe sin reducción.',
    en: 'No reduction is available at the moment. Please pay the amount without reduction.',
    gl: 'Agora mesmo non hai ningunha redución dispoñible. Paga o importe sen redución.',
  },
  payment_payments_disabled: {
    es: 'Los pagos están desactivados en este momento.',
    en: 'Payments are disabled at the moment.',
    gl: 'Os pagamentos están desactivados neste momento.',
  },
  payment_deadline_expired: {
    es: 'El plazo de pago ha finalizado.',
    en: 'The payment period has ended.',
    gl: 'O prazo de pagamento rematou.',
  },
  payment_bizum_disabled: {
    es: 'El Concello no acepta pagos con Bizum ahora mismo. Paga con tarjeta.',
    en: 'The council does not take Bizum payments at the moment. Please pay by card.',
    gl: 'O Concello non acepta pagamentos con Bizum agora mesmo. Paga con tarxeta.',
  },
  /** How a payment was paid: receipts, the payments lists and the staff export. */
  payment_method_card: { es: 'Tarjeta', en: 'Card', gl: 'Tarxeta' },
  payment_method_bizum: { es: 'Bizum', en: 'Bizum', gl: 'Bizum' },
  payment_method_direct_debit: {
    es: 'Adeudo SEPA',
    en: 'SEPA direct debit',
    gl: 'Adebedo SEPA',
  },
  payment_nothing_to_pay: {
    es: 'Las actividades elegidas no tienen ningún importe que pagar.',
    en: 'The chosen activities have no amount to pay.',
    gl: 'As actividades escollidas non teñen ningún importe que pagar.',
  },
  payment_malformed_notification: {
    es: 'La notificación del pago no tiene el formato esperado.',
    en: 'The payment notification is not in the expected format.',
    gl: 'A notificación do pagamento non ten o formato agardado.',
  },
  payment_bad_signature: {
    es: 'Firma no válida.',
    en: 'Invalid signature.',
    gl: 'Sinatura non válida.',
  },
  payment_unknown_order: {
    es: 'No hay ningún pago con ese número de pedido.',
    en: 'There is no payment with that order number.',
    gl: 'Non hai ningún pagamento con ese número de pedido.',
  },
  payment_amount_mismatch: {
    es: 'El importe notificado no coincide con el del pago.',
    en: 'The notified amount does not match the payment.',
    gl: 'O importe notificado non coincide co do pagamento.',
  },
  payment_currency_mismatch: {
    es: 'La moneda notificada no es el euro.',
    en: 'The notified currency is not the euro.',
    gl: 'A moeda notificada non é o euro.',
  },
  payment_merchant_mismatch: {
    es: 'El código de comercio notificado no coincide con el del pago.',
    en: 'The notified merchant code does not match the payment.',
    gl: 'O código de comercio notificado non coincide co do pagamento.',
  },
  payment_terminal_mismatch: {
    es: 'El terminal notificado no coincide con el del pago.',
    en: 'The notified terminal does not match the payment.',
    gl: 'O terminal notificado non coincide co do pagamento.',
  },
  sandbox_title: {
    es: 'Pasarela de pago de pruebas',
    en: 'Test payment gateway',
    gl: 'Pasarela de pagamento de probas',
  },
  sandbox_notice: {
    es: 'Esta página simula la pasarela del banco: no se cobra nada. No escribas los datos de una tarjeta real.',
    en: 'This page simulates the bank’s gateway: nothing is charged. Do not type the details of a real card.',
    gl: 'Esta páxina simula a pasarela do banco: non se cobra nada. Non escribas os datos dunha tarxeta real.',
  },
  sandbox_amount: { es: 'Importe', en: 'Amount', gl: 'Importe' },
  sandbox_description: { es: 'Concepto', en: 'Description', gl: 'Concepto' },
  sandbox_order: { es: 'Número de pedido', en: 'Order number', gl: 'Número de pedido' },
  sandbox_card_details: { es: 'Datos de la tarjeta', en: 'Card details', gl: 'Datos da tarxeta' },
  sandbox_test_card: {
    es: 'Tarjeta de pruebas: {card}, caducidad {expiry}, CVV {cvv}. Con el CVV {deny_cvv} el pago se deniega.',
    en: 'Test card: {card}, expiry {expiry}, CVV {cvv}. CVV {deny_cvv} makes the payment fail.',
    gl: 'Tarxeta de probas: {card}, caducidade {expiry}, CVV {cvv}. Co CVV {deny_cvv} o pagamento denégase.',
  },
  sandbox_card_number: { es: 'Número de tarjeta', en: 'Card number', gl: 'Número de tarxeta' },
  sandbox_expiry: { es: 'Caducidad (MM/AA)', en: 'Expiry date (MM/YY)', gl: 'Caducidade (MM/AA)' },
  sandbox_cvv: { es: 'CVV (3 cifras)', en: 'CVV (3 digits)', gl: 'CVV (3 cifras)' },
  sandbox_pay: { es: 'Pagar {amount}', en: 'Pay {amount}', gl: 'Pagar {amount}' },
  sandbox_deny: { es: 'Denegar el pago', en: 'Deny the payment', gl: 'Denegar o pagamento' },
  sandbox_error_title: { es: 'Pago no válido', en: 'Invalid payment', gl: 'Pagamento non válido' },
  sandbox_error: {
    es: 'Los datos firmados del pago no son válidos. Vuelve al portal e inténtalo de nuevo.',
    en: 'The signed payment details are not valid. Go back to the portal and try again.',
    gl: 'Os datos asinados do pagamento non son válidos. Volve ao portal e téntao de novo.',
  },
  refund_not_paid: {
    es: 'Solo se puede devolver un pago cobrado.',
    en: 'Only a payment that was collected can be refunded.',
    gl: 'Só se pode devolver un pagamento cobrado.',
  },
  refund_over_refund: {
    es: 'Eso supera lo que queda por devolver de este pago ({left} €), o alguna actividad ya se ha devuelto.',
    en: 'That is more than is left to refund of this payment (€{left}), or an activity was already refunded.',
    gl: 'Iso supera o que queda por devolver deste pagamento ({left} €), ou algunha actividade xa se devolveu.',
  },
  refund_duplicate_whole: {
    es: 'Un pago duplicado se devuelve entero: deja todas sus actividades.',
    en: 'A duplicate payment is refunded in full: keep all its activities.',
    gl: 'Un pagamento duplicado devólvese enteiro: deixa todas as súas actividades.',
  },
  refund_reason_required: {
    es: 'Indica el motivo de la devolución (hasta 500 caracteres).',
    en: 'Give the reason for the refund (up to 500 characters).',
    gl: 'Indica o motivo da devolución (ata 500 caracteres).',
  },
  refund_activity_not_in_payment: {
    es: 'Esa actividad no forma parte de este pago.',
    en: 'That activity is not part of this payment.',
    gl: 'Esa actividade non forma parte deste pagamento.',
  },
  refund_gateway_refused: {
    es: 'La pasarela rechazó la devolución (código {code}). No se ha devuelto nada.',
    en: 'The gateway refused the refund (code {code}). Nothing was refunded.',
    gl: 'A pasarela rexeitou a devolución (código {code}). Non se devolveu nada.',
  },
  refund_gateway_no_answer: {
    es: 'La pasarela no respondió ({code}). Comprueba la devolución con el banco antes de repetirla.',
    en: 'The gateway did not answer ({code}). Check the refund with the bank before trying again.',
    gl: 'A pasarela non respondeu ({code}). Comproba a devolución co banco antes de repetila.',
  },
  gateway_unavailable: {
    es: 'No se pudo consultar la pasarela. Inténtalo de nuevo en unos minutos.',
    en: 'The gateway could not be asked. Please try again in a few minutes.',
    gl: 'Non se puido consultar a pasarela. Téntao de novo nuns minutos.',
  },
  receipt_not_found: {
    es: 'Ningún justificante tiene este código.',
    en: 'No receipt has this code.',
    gl: 'Ningún xustificante ten este código.',
  },
  sandbox_lose_notification: {
    es: 'Perder la notificación al portal (pruebas de conciliación)',
    en: 'Lose the notification to the portal (reconciliation testing)',
    gl: 'Perder a notificación ao portal (probas de conciliación)',
  },
  sandbox_bizum_title: {
    es: 'Bizum (pasarela de pruebas)',
    en: 'Bizum (test gateway)',
    gl: 'Bizum (pasarela de probas)',
  },
  sandbox_bizum_limits: {
    es: 'Bizum acepta de {min} a {max} por operación.',
    en: 'Bizum takes from {min} to {max} per payment.',
    gl: 'Bizum acepta de {min} a {max} por operación.',
  },
  sandbox_bizum_out_of_limits: {
    es: 'Este importe está fuera de los límites de Bizum: el banco rechazará el pago.',
    en: 'This amount is outside Bizum’s limits: the bank will refuse the payment.',
    gl: 'Este importe está fóra dos límites de Bizum: o banco rexeitará o pagamento.',
  },
  sandbox_bizum_mobile: {
    es: 'Número de móvil de Bizum',
    en: 'Bizum mobile number',
    gl: 'Número de móbil de Bizum',
  },
  sandbox_bizum_test_mobile: {
    es: 'Móvil de pruebas: {mobile} (se aprueba). Cualquier otro móvil español se rechaza como en el entorno de pruebas de Redsys (9966).',
    en: 'Test mobile: {mobile} (approved). Any other Spanish mobile is refused, as in Redsys’s test environment (9966).',
    gl: 'Móbil de probas: {mobile} (apróbase). Calquera outro móbil español rexéitase como no contorno de probas de Redsys (9966).',
  },
  sandbox_bizum_mobile_invalid: {
    es: 'Escribe un número de móvil español (9 cifras que empiezan por 6 o 7).',
    en: 'Enter a Spanish mobile number (9 digits starting with 6 or 7).',
    gl: 'Escribe un número de móbil español (9 cifras que comezan por 6 ou 7).',
  },
  sandbox_bizum_continue: { es: 'Continuar', en: 'Continue', gl: 'Continuar' },
  sandbox_bizum_confirm_title: {
    es: 'Confirma el pago en tu banco',
    en: 'Confirm the payment in your bank',
    gl: 'Confirma o pagamento no teu banco',
  },
  sandbox_bizum_confirm_text: {
    es: 'Tu banco pide confirmar el pago de {amount} con Bizum desde el móvil {mobile}.',
    en: 'Your bank asks you to confirm the payment of {amount} by Bizum from mobile {mobile}.',
    gl: 'O teu banco pide confirmar o pagamento de {amount} con Bizum desde o móbil {mobile}.',
  },
  sandbox_bizum_approve: {
    es: 'Aprobar el pago',
    en: 'Approve the payment',
    gl: 'Aprobar o pagamento',
  },
  sandbox_bizum_decline: {
    es: 'Rechazar el pago',
    en: 'Decline the payment',
    gl: 'Rexeitar o pagamento',
  },
  sandbox_lose_notification_hint: {
    es: 'El banco decide igual, pero el portal no se entera hasta que lo consulta.',
    en: 'The bank decides all the same, but the portal only finds out when it asks.',
    gl: 'O banco decide igual, pero o portal non se decata ata que o consulta.',
  },
});
