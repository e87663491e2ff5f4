/** Stories only: sample texts of the after-payment components, in the three languages. */
import { storyLocale } from './sample-text.ts';

const es = {
  errorPrefix: 'Error:',
  download: 'Descargar justificante 2611AB12CD34 (PDF)',
  downloadFailed: 'No se pudo descargar el justificante. Inténtalo de nuevo.',
  refundTitle: 'Devolver el pago 2611AB12CD34',
  refundDescription:
    'El dinero vuelve a la tarjeta con la que se pagó. Las actividades devueltas quedan pendientes de pago; la inscripción se mantiene.',
  refundItems: 'Actividades que se devuelven',
  refundTotal: 'Importe que se devuelve',
  refundReason: 'Motivo de la devolución',
  refundReasonHint: 'Quedará registrado junto a tu nombre.',
  refundReasonError: 'Indica el motivo de la devolución.',
  refundConfirm: 'Devolver',
  cancel: 'Cancelar',
  refundRefused: 'La pasarela rechazó la devolución (código SIS0057). No se ha devuelto nada.',
  activities: ['Natación infantil', 'Pádel adultos'],
  checkingTitle: 'Confirmando tu pago con el banco',
  checkingMessage: 'Esto suele tardar unos segundos. No hace falta que pagues de nuevo.',
  receivedTitle: 'Pago recibido',
  receivedMessage:
    'El banco ha confirmado el pago de 64,13 €. Ya puedes descargar el justificante.',
  failedTitle: 'Pago no realizado',
  failedMessage: 'El banco no ha autorizado el pago. No se ha cobrado nada.',
  unknownTitle: 'Esperando la confirmación del banco',
  unknownMessage:
    'El banco aún no nos ha confirmado el pago. Si se ha cobrado, las actividades aparecerán como pagadas en cuanto llegue la confirmación.',
  back: 'Volver a mis actividades',
};

export type PaymentSampleText = typeof es;

const en: PaymentSampleText = {
  errorPrefix: 'Error:',
  download: 'Download receipt 2611AB12CD34 (PDF)',
  downloadFailed: 'The receipt could not be downloaded. Please try again.',
  refundTitle: 'Refund payment 2611AB12CD34',
  refundDescription:
    'The money goes back to the card that paid. Refunded activities become pending again; the enrolment stays.',
  refundItems: 'Activities to refund',
  refundTotal: 'Amount to refund',
  refundReason: 'Reason for the refund',
  refundReasonHint: 'It is recorded with your name.',
  refundReasonError: 'Give the reason for the refund.',
  refundConfirm: 'Refund',
  cancel: 'Cancel',
  refundRefused: 'The gateway refused the refund (code SIS0057). Nothing was refunded.',
  activities: ['Children’s swimming', 'Adult padel'],
  checkingTitle: 'Confirming your payment with the bank',
  checkingMessage: 'This usually takes a few seconds. There is no need to pay again.',
  receivedTitle: 'Payment received',
  receivedMessage:
    'The bank has confirmed the payment of €64.13. You can download the receipt now.',
  failedTitle: 'Payment not made',
  failedMessage: 'The bank did not authorise the payment. Nothing was charged.',
  unknownTitle: "Waiting for the bank's confirmation",
  unknownMessage:
    'The bank has not confirmed the payment yet. If it was charged, the activities will show as paid as soon as the confirmation arrives.',
  back: 'Back to my activities',
};

const gl: PaymentSampleText = {
  errorPrefix: 'Erro:',
  download: 'Descargar xustificante 2611AB12CD34 (PDF)',
  downloadFailed: 'Non se puido descargar o xustificante. Téntao de novo.',
  refundTitle: 'Devolver o pagamento 2611AB12CD34',
  refundDescription:
    'O diñeiro volve á tarxeta coa que se pagou. As actividades devoltas quedan pendentes de pagamento; a inscrición mantense.',
  refundItems: 'Actividades que se devolven',
  refundTotal: 'Importe que se devolve',
  refundReason: 'Motivo da devolución',
  refundReasonHint: 'Quedará rexistrado xunto ao teu nome.',
  refundReasonError: 'Indica o motivo da devolución.',
  refundConfirm: 'Devolver',
  cancel: 'Cancelar',
  refundRefused: 'A pasarela rexeitou a devolución (código SIS0057). Non se devolveu nada.',
  activities: ['Natación infantil', 'Pádel adultos'],
  checkingTitle: 'Confirmando o teu pagamento co banco',
  checkingMessage: 'Isto adoita tardar uns segundos. Non fai falla que pagues de novo.',
  receivedTitle: 'Pagamento recibido',
  receivedMessage: 'O banco confirmou o pagamento de 64,13 €. Xa podes descargar o xustificante.',
  failedTitle: 'Pagamento non realizado',
  failedMessage: 'O banco non autorizou o pagamento. Non se cobrou nada.',
  unknownTitle: 'Agardando a confirmación do banco',
  unknownMessage:
    'O banco aínda non nos confirmou o pagamento. Se se cobrou, as actividades aparecerán como pagadas en canto chegue a confirmación.',
  back: 'Volver ás miñas actividades',
};

const texts = { es, en, gl };

export function paymentText(context: { globals: Record<string, unknown> }): PaymentSampleText {
  return texts[storyLocale(context)];
}
