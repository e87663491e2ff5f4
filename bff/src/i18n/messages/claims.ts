import { defineMessages } from '../define.js';

/** The provisional list and its claims (issue 49, item 3). */
export const claims = defineMessages({
  provisional_list_not_found: {
    es: 'Esta actividad no tiene una lista provisional publicada.',
    en: 'This activity has no provisional list published.',
    gl: 'Esta actividade non ten unha lista provisional publicada.',
  },
  claims_closed: {
    es: 'El plazo de reclamaciones de esta actividad no está abierto.',
    en: 'The claims period for this activity is not open.',
    gl: 'O prazo de reclamacións desta actividade non está aberto.',
  },
  claim_open: {
    es: 'Esta solicitud ya tiene una reclamación pendiente de respuesta.',
    en: 'This application already has a claim awaiting an answer.',
    gl: 'Esta solicitude xa ten unha reclamación pendente de resposta.',
  },
  not_excluded: {
    es: 'Esta solicitud está admitida en la lista provisional: no hay nada que reclamar.',
    en: 'This application is admitted on the provisional list: there is nothing to claim.',
    gl: 'Esta solicitude está admitida na lista provisional: non hai nada que reclamar.',
  },
  claim_resolved: {
    es: 'Esta reclamación ya tiene respuesta.',
    en: 'This claim has already been answered.',
    gl: 'Esta reclamación xa ten resposta.',
  },
  claims_period_open: {
    es: 'El plazo de reclamaciones sigue abierto hasta el {until}; el sorteo se hace después.',
    en: 'The claims period is open until {until}; the draw takes place after it.',
    gl: 'O prazo de reclamacións segue aberto ata o {until}; o sorteo faise despois.',
  },
  claims_unresolved: {
    es: 'Quedan {count} reclamaciones sin responder; respóndalas antes del sorteo.',
    en: '{count} claims are still unanswered; answer them before the draw.',
    gl: 'Quedan {count} reclamacións sen responder; respóndaas antes do sorteo.',
  },
  claim_text_required: {
    es: 'Escribe el motivo de la reclamación.',
    en: 'Write what the claim is about.',
    gl: 'Escribe o motivo da reclamación.',
  },
  claim_reply_required: {
    es: 'Escribe la respuesta que leerá la familia.',
    en: 'Write the answer the family will read.',
    gl: 'Escribe a resposta que lerá a familia.',
  },
  claims_days_lottery_only: {
    es: 'La lista provisional con reclamaciones solo se usa en actividades por sorteo.',
    en: 'A provisional list with claims is only used for lottery activities.',
    gl: 'A lista provisional con reclamacións só se usa en actividades por sorteo.',
  },
  exclusion_age: {
    es: 'edad fuera de los límites de la actividad',
    en: 'age outside the activity’s limits',
    gl: 'idade fóra dos límites da actividade',
  },
  exclusion_duplicate: {
    es: 'solicitud duplicada de la misma persona',
    en: 'duplicate application for the same person',
    gl: 'solicitude duplicada da mesma persoa',
  },
  exclusion_out_of_window: {
    es: 'presentada fuera de plazo',
    en: 'made outside the application period',
    gl: 'presentada fóra de prazo',
  },
  claim_admitted_sms: {
    es: '{council}: reclamación sobre {activity} ({person}) ADMITIDA: entra en el sorteo. Respuesta: {reply}',
    en: '{council}: claim about {activity} ({person}) ACCEPTED: it takes part in the draw. Answer: {reply}',
    gl: '{council}: reclamación sobre {activity} ({person}) ADMITIDA: entra no sorteo. Resposta: {reply}',
  },
  claim_kept_sms: {
    es: '{council}: reclamación sobre {activity} ({person}) DESESTIMADA: sigue excluida. Respuesta: {reply}',
    en: '{council}: claim about {activity} ({person}) REJECTED: it stays excluded. Answer: {reply}',
    gl: '{council}: reclamación sobre {activity} ({person}) DESESTIMADA: segue excluída. Resposta: {reply}',
  },
  claim_admitted_mail_subject: {
    es: 'Reclamación admitida: {activity}',
    en: 'Claim accepted: {activity}',
    gl: 'Reclamación admitida: {activity}',
  },
  claim_kept_mail_subject: {
    es: 'Reclamación desestimada: {activity}',
    en: 'Claim rejected: {activity}',
    gl: 'Reclamación desestimada: {activity}',
  },
  claim_admitted_mail_body: {
    es: 'Hola:\n\nHemos revisado tu reclamación sobre la solicitud {code} de {person} en {activity}: queda ADMITIDA y entra en el sorteo.\n\nRespuesta del Concello:\n{reply}\n\nPuedes verla en {url}\n\n{council}',
    en: 'Hello,\n\nWe have reviewed your claim about application {code} for {person} in {activity}: it is ACCEPTED and takes part in the draw.\n\nThe council’s answer:\n{reply}\n\nYou can read it at {url}\n\n{council}',
    gl: 'Ola:\n\nRevisamos a túa reclamación sobre a solicitude {code} de {person} en {activity}: queda ADMITIDA e entra no sorteo.\n\nResposta do Concello:\n{reply}\n\nPodes vela en {url}\n\n{council}',
  },
  claim_kept_mail_body: {
    es: 'Hola:\n\nHemos revisado tu reclamación sobre la solicitud {code} de {person} en {activity}: queda DESESTIMADA y la solicitud sigue excluida ({reason}).\n\nRespuesta del Concello:\n{reply}\n\nPuedes verla en {url}\n\n{council}',
    en: 'Hello,\n\nWe have reviewed your claim about application {code} for {person} in {activity}: it is REJECTED and the application stays excluded ({reason}).\n\nThe council’s answer:\n{reply}\n\nYou can read it at {url}\n\n{council}',
    gl: 'Ola:\n\nRevisamos a túa reclamación sobre a solicitude {code} de {person} en {activity}: queda DESESTIMADA e a solicitude segue excluída ({reason}).\n\nResposta do Concello:\n{reply}\n\nPodes vela en {url}\n\n{council}',
  },
});
