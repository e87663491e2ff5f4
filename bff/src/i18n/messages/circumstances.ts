import { defineMessages } from '../define.js';

/**
 * Circumstances that reduce a fee (issue 48): the council's list, residents' requests with their
 * proof, staff's review, the counter and the import; the usual reasons for a refusal and the
 * messages that tell a resident of a decision.
 */
export const circumstances = defineMessages({
  circumstance_exists: {
    es: 'Ya existe una circunstancia con ese nombre.',
    en: 'A circumstance with that name already exists.',
    gl: 'Xa existe unha circunstancia con ese nome.',
  },
  circumstance_in_use: {
    es: 'Hay solicitudes o aprobaciones de esta circunstancia; no se puede eliminar.',
    en: 'There are requests or approvals of this circumstance; it cannot be deleted.',
    gl: 'Hai solicitudes ou aprobacións desta circunstancia; non se pode eliminar.',
  },
  circumstance_unknown: {
    es: 'Esa circunstancia no existe. Recarga la página y elige otra.',
    en: 'That circumstance does not exist. Reload the page and choose another.',
    gl: 'Esa circunstancia non existe. Recarga a páxina e escolle outra.',
  },
  document_too_large: {
    es: 'El documento ocupa más de {max} MB.',
    en: 'The document is larger than {max} MB.',
    gl: 'O documento ocupa máis de {max} MB.',
  },
  document_type: {
    es: 'El documento debe ser un PDF, una foto JPEG o una imagen PNG.',
    en: 'The document must be a PDF, a JPEG photo or a PNG image.',
    gl: 'O documento debe ser un PDF, unha foto JPEG ou unha imaxe PNG.',
  },
  document_active_content: {
    es: 'El PDF contiene código, acciones que abren otros programas o archivos adjuntos. Envía un PDF sin ellos (por ejemplo, imprímelo de nuevo como PDF) o una foto.',
    en: 'The PDF contains code, actions that open other programs, or attached files. Send a PDF without them (for example, print it again as a PDF) or a photo.',
    gl: 'O PDF contén código, accións que abren outros programas ou ficheiros anexos. Envía un PDF sen eles (por exemplo, imprímeo de novo como PDF) ou unha foto.',
  },
  image_too_large: {
    es: 'La imagen es demasiado grande (más de 40 megapíxeles). Envía una foto más pequeña.',
    en: 'The image is too large (over 40 megapixels). Send a smaller photo.',
    gl: 'A imaxe é grande de máis (máis de 40 megapíxeles). Envía unha foto máis pequena.',
  },
  document_empty: {
    es: 'El documento está vacío. Elige el archivo de nuevo.',
    en: 'The document is empty. Choose the file again.',
    gl: 'O documento está baleiro. Escolle o ficheiro de novo.',
  },
  document_required: {
    es: 'Adjunta el documento que lo acredita.',
    en: 'Attach the document that proves it.',
    gl: 'Achega o documento que o acredita.',
  },
  request_pending: {
    es: 'Ya hay una solicitud de esta circunstancia pendiente para esta persona.',
    en: 'A request for this circumstance is already pending for this person.',
    gl: 'Xa hai unha solicitude desta circunstancia pendente para esta persoa.',
  },
  already_approved: {
    es: 'Esta persona ya tiene aprobada esta circunstancia.',
    en: 'This person already has this circumstance approved.',
    gl: 'Esta persoa xa ten aprobada esta circunstancia.',
  },
  request_decided: {
    es: 'Esta solicitud ya está resuelta.',
    en: 'This request has already been decided.',
    gl: 'Esta solicitude xa está resolta.',
  },
  not_approved: {
    es: 'Esta solicitud no está aprobada.',
    en: 'This request is not approved.',
    gl: 'Esta solicitude non está aprobada.',
  },
  valid_until_past: {
    es: 'La fecha de fin debe ser hoy o una fecha posterior.',
    en: 'The end date must be today or a later date.',
    gl: 'A data de fin debe ser hoxe ou unha data posterior.',
  },
  refusal_reason_required: {
    es: 'Indica el motivo: elige uno de la lista o escríbelo.',
    en: 'Give the reason: choose one from the list or write it.',
    gl: 'Indica o motivo: escolle un da lista ou escríbeo.',
  },
  import_no_dni_column: {
    es: 'La primera hoja no tiene una columna titulada «DNI» o «NIE» en sus 10 primeras filas.',
    en: 'The first sheet has no column headed "DNI" or "NIE" in its first 10 rows.',
    gl: 'A primeira folla non ten unha columna titulada «DNI» ou «NIE» nas súas 10 primeiras filas.',
  },
  import_no_dnis: {
    es: 'La columna «{column}» de la primera hoja no tiene ningún DNI.',
    en: 'The "{column}" column of the first sheet has no DNI in it.',
    gl: 'A columna «{column}» da primeira folla non ten ningún DNI.',
  },

  // the usual reasons for a refusal, read by the resident in their own language
  circumstance_reason_unreadable: {
    es: 'El documento no se puede leer.',
    en: 'The document cannot be read.',
    gl: 'O documento non se pode ler.',
  },
  circumstance_reason_expired: {
    es: 'El documento está caducado.',
    en: 'The document has expired.',
    gl: 'O documento está caducado.',
  },
  circumstance_reason_not_entitled: {
    es: 'El documento no acredita esta circunstancia.',
    en: 'The document does not prove this circumstance.',
    gl: 'O documento non acredita esta circunstancia.',
  },
  circumstance_reason_other_person: {
    es: 'El documento es de otra persona.',
    en: 'The document belongs to someone else.',
    gl: 'O documento é doutra persoa.',
  },
  circumstance_reason_incomplete: {
    es: 'El documento está incompleto: falta alguna página o una de sus caras.',
    en: 'The document is incomplete: a page or one of its sides is missing.',
    gl: 'O documento está incompleto: falta algunha páxina ou unha das súas caras.',
  },

  // a decision, told to the resident who asked
  circumstance_approved_sms: {
    es: '{council}: aprobada «{circumstance}» para {person} hasta el {until}. La reducción ya se aplica en {url}',
    en: '{council}: "{circumstance}" approved for {person} until {until}. The reduction now applies at {url}',
    gl: '{council}: aprobada «{circumstance}» para {person} ata o {until}. A redución xa se aplica en {url}',
  },
  circumstance_approved_mail_subject: {
    es: 'Aprobada: {circumstance}',
    en: 'Approved: {circumstance}',
    gl: 'Aprobada: {circumstance}',
  },
  circumstance_approved_mail_body: {
    es: 'Hola:\n\nHemos revisado el documento y aprobado «{circumstance}» para {person} hasta el {until}. Las cuotas pendientes ya muestran la reducción en {url}\n\nEl documento se borrará dentro de {days} días.\n\n{council}',
    en: 'Hello,\n\nWe have checked the document and approved "{circumstance}" for {person} until {until}. Pending fees now show the reduction at {url}\n\nThe document will be deleted in {days} days.\n\n{council}',
    gl: 'Ola:\n\nRevisamos o documento e aprobamos «{circumstance}» para {person} ata o {until}. As cotas pendentes xa amosan a redución en {url}\n\nO documento borrarase dentro de {days} días.\n\n{council}',
  },
  circumstance_refused_sms: {
    es: '{council}: no se ha aprobado «{circumstance}» para {person}. Motivo: {reason} Puedes enviar otro documento en {url}',
    en: '{council}: "{circumstance}" was not approved for {person}. Reason: {reason} You can send another document at {url}',
    gl: '{council}: non se aprobou «{circumstance}» para {person}. Motivo: {reason} Podes enviar outro documento en {url}',
  },
  circumstance_refused_mail_subject: {
    es: 'No aprobada: {circumstance}',
    en: 'Not approved: {circumstance}',
    gl: 'Non aprobada: {circumstance}',
  },
  circumstance_refused_mail_body: {
    es: 'Hola:\n\nHemos revisado el documento y no podemos aprobar «{circumstance}» para {person}.\n\nMotivo: {reason}\n\nPuedes enviar otro documento en {url}\n\nEl documento se borrará dentro de {days} días.\n\n{council}',
    en: 'Hello,\n\nWe have checked the document and cannot approve "{circumstance}" for {person}.\n\nReason: {reason}\n\nYou can send another document at {url}\n\nThe document will be deleted in {days} days.\n\n{council}',
    gl: 'Ola:\n\nRevisamos o documento e non podemos aprobar «{circumstance}» para {person}.\n\nMotivo: {reason}\n\nPodes enviar outro documento en {url}\n\nO documento borrarase dentro de {days} días.\n\n{council}',
  },
  circumstance_withdrawn_sms: {
    es: '{council}: se ha retirado «{circumstance}» de {person}; las cuotas que queden por pagar ya no tienen esa reducción. Lo pagado no cambia.',
    en: '{council}: "{circumstance}" has been withdrawn for {person}; fees still to pay no longer have that reduction. What was paid does not change.',
    gl: '{council}: retirouse «{circumstance}» de {person}; as cotas que queden por pagar xa non teñen esa redución. O pagado non cambia.',
  },
  circumstance_withdrawn_mail_subject: {
    es: 'Retirada: {circumstance}',
    en: 'Withdrawn: {circumstance}',
    gl: 'Retirada: {circumstance}',
  },
  circumstance_withdrawn_mail_body: {
    es: 'Hola:\n\nEl Concello ha retirado «{circumstance}» de {person}. Las cuotas que queden por pagar ya no tienen esa reducción; lo que ya está pagado no cambia. Puedes ver el detalle en {url}\n\n{council}',
    en: 'Hello,\n\nThe council has withdrawn "{circumstance}" for {person}. Fees still to pay no longer have that reduction; what has been paid does not change. See the details at {url}\n\n{council}',
    gl: 'Ola:\n\nO Concello retirou «{circumstance}» de {person}. As cotas que queden por pagar xa non teñen esa redución; o que xa está pagado non cambia. Podes ver o detalle en {url}\n\n{council}',
  },
});
