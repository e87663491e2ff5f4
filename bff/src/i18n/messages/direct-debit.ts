import { defineMessages } from '../define.js';

/** SEPA direct debit (issue 62): mandates, domiciled fees, remittances and returns. */
export const directDebit = defineMessages({
  direct_debit_disabled: {
    es: 'El Concello no cobra por domiciliación bancaria ahora mismo. Paga con tarjeta o Bizum.',
    en: 'The council does not collect by direct debit right now. Pay by card or Bizum.',
    gl: 'O Concello non cobra por domiciliación bancaria agora mesmo. Paga con tarxeta ou Bizum.',
  },
  direct_debit_unavailable: {
    es: 'La domiciliación necesita los datos de acreedor SEPA del Concello en su archivo de configuración.',
    en: 'Direct debit needs the council’s SEPA creditor data in its council file.',
    gl: 'A domiciliación precisa os datos de acredor SEPA do Concello no seu ficheiro de configuración.',
  },
  direct_debit_notice_days_invalid: {
    es: 'Los días de preaviso deben ser un número entero entre 1 y 60.',
    en: 'The days of notice must be a whole number from 1 to 60.',
    gl: 'Os días de preaviso deben ser un número enteiro entre 1 e 60.',
  },
  direct_debit_return_fee_invalid: {
    es: 'La comisión por devolución debe ser un importe entre 0 y 100 €, con céntimos como mucho.',
    en: 'The return fee must be an amount from 0 to 100 €, in cents at most.',
    gl: 'A comisión por devolución debe ser un importe entre 0 e 100 €, con céntimos como moito.',
  },
  invalid_iban_not_iban: {
    es: 'El IBAN no es válido: escríbelo como aparece en tu libreta o en la app de tu banco (ES y 22 cifras).',
    en: 'The IBAN is not valid: write it as your bank shows it (ES and 22 digits).',
    gl: 'O IBAN non é válido: escríbeo como aparece na túa libreta ou na app do teu banco (ES e 22 cifras).',
  },
  invalid_iban_length: {
    es: 'El IBAN no es válido: un IBAN de {country} tiene {expected} caracteres y este tiene {actual}.',
    en: 'The IBAN is not valid: an IBAN of {country} has {expected} characters and this one has {actual}.',
    gl: 'O IBAN non é válido: un IBAN de {country} ten {expected} caracteres e este ten {actual}.',
  },
  invalid_iban_checksum: {
    es: 'El IBAN no es válido: sus dígitos de control no cuadran. Revísalo en tu libreta o en la app de tu banco.',
    en: 'The IBAN is not valid: its check digits do not match. Check it against your bank’s app or statement.',
    gl: 'O IBAN non é válido: os seus díxitos de control non cadran. Revísao na túa libreta ou na app do teu banco.',
  },
  invalid_iban_bank_checksum: {
    es: 'El IBAN no es válido: los dígitos de control de la cuenta no cuadran.',
    en: 'The IBAN is not valid: the account’s own check digits do not match.',
    gl: 'O IBAN non é válido: os díxitos de control da conta non cadran.',
  },
  invalid_iban_format: {
    es: 'El IBAN no es válido: tiene letras o cifras donde su país no las pone.',
    en: 'The IBAN is not valid: it has letters or digits where its country has none.',
    gl: 'O IBAN non é válido: ten letras ou cifras onde o seu país non as pon.',
  },
  iban_not_sepa: {
    es: 'La cuenta es de un país fuera de la zona SEPA ({country}). Indica una cuenta de un banco de la zona SEPA.',
    en: 'The account is from a country outside SEPA ({country}). Give an account at a bank in SEPA.',
    gl: 'A conta é dun país fóra da zona SEPA ({country}). Indica unha conta dun banco da zona SEPA.',
  },
  mandate_not_active: {
    es: 'La orden de domiciliación {reference} ya no está en vigor. Firma una nueva o paga con tarjeta o Bizum.',
    en: 'Mandate {reference} is no longer in force. Sign a new one or pay by card or Bizum.',
    gl: 'A orde de domiciliación {reference} xa non está en vigor. Asina unha nova ou paga con tarxeta ou Bizum.',
  },
  mandate_not_active_lapsed: {
    es: 'La orden de domiciliación {reference} caducó el {date} porque no se usó en 36 meses. Firma una nueva o paga con tarjeta o Bizum.',
    en: 'Mandate {reference} lapsed on {date} because it was not used for 36 months. Sign a new one or pay by card or Bizum.',
    gl: 'A orde de domiciliación {reference} caducou o {date} porque non se usou en 36 meses. Asina unha nova ou paga con tarxeta ou Bizum.',
  },
  direct_debit_lapsed_subject: {
    es: 'Tu orden de domiciliación {reference} ha caducado',
    en: 'Your direct debit mandate {reference} has lapsed',
    gl: 'A túa orde de domiciliación {reference} caducou',
  },
  direct_debit_lapsed_body: {
    es: 'La orden de domiciliación {reference} no se usa desde el {date} y, pasados 36 meses, ha caducado (norma SEPA). {council} ya no cobrará por ella: {fees}. Esas cuotas quedan pendientes: págalas con tarjeta o Bizum en el portal o firma una nueva orden y vuelve a domiciliarlas.',
    en: 'Direct debit mandate {reference} has not been used since {date} and, after 36 months, it has lapsed (SEPA rule). {council} will no longer collect by it: {fees}. Those fees are pending again: pay them by card or Bizum in the portal, or sign a new mandate and domicile them again.',
    gl: 'A orde de domiciliación {reference} non se usa dende o {date} e, pasados 36 meses, caducou (norma SEPA). {council} xa non cobrará por ela: {fees}. Esas cotas quedan pendentes: págaas con tarxeta ou Bizum no portal ou asina unha nova orde e volve domicilialas.',
  },
  direct_debit_lapsed_sms: {
    es: '{council}: tu orden de domiciliación {reference} ha caducado tras 36 meses sin uso. Entra en el portal para pagar tus cuotas o firmar una nueva.',
    en: '{council}: your direct debit mandate {reference} lapsed after 36 months unused. Visit the portal to pay your fees or sign a new one.',
    gl: '{council}: a túa orde de domiciliación {reference} caducou tras 36 meses sen uso. Entra no portal para pagar as túas cotas ou asinar unha nova.',
  },
  already_domiciled: {
    es: 'La cuota de «{name}» ya está domiciliada.',
    en: 'The fee for “{name}” is already paid by direct debit.',
    gl: 'A cota de «{name}» xa está domiciliada.',
  },
  direct_debit_in_remittance: {
    es: 'Un plazo de esta cuota ya está en una remesa enviada al banco el {date}. Podrás quitar la domiciliación cuando se cobre.',
    en: 'An instalment of this fee is already in a remittance sent to the bank for {date}. You can stop the direct debit once it is collected.',
    gl: 'Un prazo desta cota xa está nunha remesa enviada ao banco o {date}. Poderás quitar a domiciliación cando se cobre.',
  },
  nothing_to_collect: {
    es: 'No hay ningún recibo domiciliado que cobrar hasta el {date}.',
    en: 'There is no direct debit to collect by {date}.',
    gl: 'Non hai ningún recibo domiciliado que cobrar ata o {date}.',
  },
  collection_date_too_soon: {
    es: 'El banco necesita la remesa al menos un día hábil antes del cobro. La primera fecha posible es el {date}.',
    en: 'The bank needs the remittance at least one business day before collection. The first possible date is {date}.',
    gl: 'O banco precisa a remesa polo menos un día hábil antes do cobro. A primeira data posible é o {date}.',
  },
  direct_debit_notice_line: {
    es: '{amount} € el {date}',
    en: '{amount} € on {date}',
    gl: '{amount} € o {date}',
  },
  direct_debit_notice_subject: {
    es: 'Domiciliación de «{name}»: importes y fechas de cobro',
    en: 'Direct debit for “{name}”: amounts and collection dates',
    gl: 'Domiciliación de «{name}»: importes e datas de cobro',
  },
  direct_debit_notice_body: {
    es: '{council} cobrará la cuota de «{name}» de {person} por domiciliación bancaria:\n{schedule}\nReferencia de la orden: {reference}. Identificador de acreedor: {creditor}.',
    en: '{council} will collect the fee for “{name}” of {person} by direct debit:\n{schedule}\nMandate reference: {reference}. Creditor identifier: {creditor}.',
    gl: '{council} cobrará a cota de «{name}» de {person} por domiciliación bancaria:\n{schedule}\nReferencia da orde: {reference}. Identificador de acredor: {creditor}.',
  },
  direct_debit_notice_sms: {
    es: '{council}: cobraremos «{name}» por domiciliación: {schedule}. Orden {reference}, acreedor {creditor}.',
    en: '{council}: we will collect “{name}” by direct debit: {schedule}. Mandate {reference}, creditor {creditor}.',
    gl: '{council}: cobraremos «{name}» por domiciliación: {schedule}. Orde {reference}, acredor {creditor}.',
  },
  direct_debit_returned_subject: {
    es: 'El banco devolvió el recibo de «{name}»',
    en: 'The bank returned the debit for “{name}”',
    gl: 'O banco devolveu o recibo de «{name}»',
  },
  direct_debit_returned_body: {
    es: 'El banco devolvió el recibo de {amount} € de «{name}» ({reason}). Págalo con tarjeta o Bizum en el portal.',
    en: 'The bank returned the {amount} € debit for “{name}” ({reason}). Pay it by card or Bizum in the portal.',
    gl: 'O banco devolveu o recibo de {amount} € de «{name}» ({reason}). Págao con tarxeta ou Bizum no portal.',
  },
  direct_debit_returned_sms: {
    es: '{council}: el banco devolvió el recibo de «{name}» ({reason}). Entra en el portal para pagarlo.',
    en: '{council}: the bank returned the debit for “{name}” ({reason}). Visit the portal to pay it.',
    gl: '{council}: o banco devolveu o recibo de «{name}» ({reason}). Entra no portal para pagalo.',
  },
  direct_debit_reason_AC04: { es: 'Cuenta cancelada', en: 'Account closed', gl: 'Conta cancelada' },
  direct_debit_reason_AC06: {
    es: 'Cuenta bloqueada',
    en: 'Account blocked',
    gl: 'Conta bloqueada',
  },
  direct_debit_reason_AM04: {
    es: 'Saldo insuficiente',
    en: 'Insufficient funds',
    gl: 'Saldo insuficiente',
  },
  direct_debit_reason_MD01: {
    es: 'Sin orden de domiciliación válida',
    en: 'No valid mandate',
    gl: 'Sen orde de domiciliación válida',
  },
  direct_debit_reason_MD06: {
    es: 'Devolución pedida por el titular',
    en: 'Refund requested by the account holder',
    gl: 'Devolución pedida polo titular',
  },
  direct_debit_reason_MD07: {
    es: 'Titular fallecido',
    en: 'Account holder deceased',
    gl: 'Titular falecido',
  },
  direct_debit_reason_MS02: {
    es: 'Rechazado por el titular',
    en: 'Refused by the account holder',
    gl: 'Rexeitado polo titular',
  },
  direct_debit_reason_MS03: {
    es: 'Motivo no especificado',
    en: 'Reason not specified',
    gl: 'Motivo non especificado',
  },
  direct_debit_reason_other: {
    es: 'Devuelto por el banco (código {code})',
    en: 'Returned by the bank (code {code})',
    gl: 'Devolto polo banco (código {code})',
  },
  direct_debit_return_fee_line: {
    es: 'Comisión por devolución de «{name}»',
    en: 'Return fee for “{name}”',
    gl: 'Comisión por devolución de «{name}»',
  },
  returns_file_invalid: {
    es: 'El archivo no es una respuesta del banco a esta remesa.',
    en: 'The file is not the bank’s answer to this remittance.',
    gl: 'O ficheiro non é unha resposta do banco a esta remesa.',
  },
  returns_file_invalid_empty: {
    es: 'El archivo está vacío: descarga de nuevo la respuesta del banco.',
    en: 'The file is empty: download the bank’s answer again.',
    gl: 'O ficheiro está baleiro: descarga de novo a resposta do banco.',
  },
  returns_file_invalid_not_xml: {
    es: 'El archivo no es una respuesta del banco: no es un XML válido.',
    en: 'The file is not a bank’s answer: it is not valid XML.',
    gl: 'O ficheiro non é unha resposta do banco: non é un XML válido.',
  },
  returns_file_invalid_not_bank_answer: {
    es: 'El archivo no es una respuesta del banco: no es un pain.002 ni un camt.054.',
    en: 'The file is not a bank’s answer: it is neither a pain.002 nor a camt.054.',
    gl: 'O ficheiro non é unha resposta do banco: non é un pain.002 nin un camt.054.',
  },
  returns_file_invalid_old_version: {
    es: 'El banco usó una versión demasiado antigua (se leen pain.002.001.03 y camt.054.001.02 o posteriores).',
    en: 'The bank used too old a version (pain.002.001.03 and camt.054.001.02 or later are read).',
    gl: 'O banco usou unha versión demasiado antiga (lense pain.002.001.03 e camt.054.001.02 ou posteriores).',
  },
  returns_file_invalid_missing_reason: {
    es: 'El archivo no es una respuesta del banco válida: una devolución no trae su referencia o su código de motivo.',
    en: 'The file is not a valid bank answer: a return has no reference or no reason code.',
    gl: 'O ficheiro non é unha resposta do banco válida: unha devolución non trae a súa referencia ou o seu código de motivo.',
  },
  returns_file_invalid_unknown_item: {
    es: 'El archivo no es una respuesta del banco a esta remesa: la devolución {id} no corresponde a ningún recibo de la remesa {remittance}.',
    en: 'The file is not the bank’s answer to this remittance: return {id} matches no debit of remittance {remittance}.',
    gl: 'O ficheiro non é unha resposta do banco a esta remesa: a devolución {id} non corresponde a ningún recibo da remesa {remittance}.',
  },
});
