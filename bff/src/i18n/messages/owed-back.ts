import { defineMessages } from '../define.js';

/** A reduction approved after parts of a fee were paid: what is owed back (issue 60 item 4). */
export const owedBack = defineMessages({
  refund_amount_one_activity: {
    es: 'Un importe se devuelve de una sola actividad del pago: elige cuál.',
    en: 'An amount is refunded from one activity of the payment only: choose which.',
    gl: 'Un importe devólvese dunha soa actividade do pagamento: escolle cal.',
  },
  owed_back_sms: {
    es: '{council}: con la reducción aprobada, {person} pagó de más en «{activity}». Te devolveremos {amount} en la tarjeta o cuenta con la que pagaste. Más en {url}',
    en: '{council}: with the reduction approved, {person} paid too much for "{activity}". We will refund {amount} to the card or account you paid with. More at {url}',
    gl: '{council}: coa redución aprobada, {person} pagou de máis en «{activity}». Devolverémosche {amount} na tarxeta ou conta coa que pagaches. Máis en {url}',
  },
  owed_back_mail_subject: {
    es: 'Te devolveremos {amount}: {activity}',
    en: 'We will refund {amount}: {activity}',
    gl: 'Devolverémosche {amount}: {activity}',
  },
  owed_back_mail_body: {
    es: 'Hola:\n\nLa reducción aprobada para {person} llegó después de pagar parte de «{activity}», y lo pagado supera ya la cuota reducida. Los plazos que quedan son de 0 € y te devolveremos {amount} en la tarjeta o cuenta con la que pagaste.\n\nPuedes verlo en {url}\n\n{council}',
    en: 'Hello,\n\nThe reduction approved for {person} came after part of "{activity}" was paid, and what was paid is already above the reduced fee. The parts left are 0 € and we will refund {amount} to the card or account you paid with.\n\nYou can see it at {url}\n\n{council}',
    gl: 'Ola:\n\nA redución aprobada para {person} chegou despois de pagar parte de «{activity}», e o pagado supera xa a cota reducida. Os prazos que quedan son de 0 € e devolverémosche {amount} na tarxeta ou conta coa que pagaches.\n\nPodes velo en {url}\n\n{council}',
  },
});
