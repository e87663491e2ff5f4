import { defineMessages } from '../define.js';

/**
 * The signed SEPA Core mandate as a PDF (services/direct-debit/mandate-pdf.ts). The legal text is
 * the EPC rulebook's for a Core mandate, as Spanish banks print it.
 */
export const mandateDocument = defineMessages({
  mandate_pdf_title: {
    es: 'Orden de domiciliación de adeudo directo SEPA',
    en: 'SEPA Direct Debit Mandate',
    gl: 'Orde de domiciliación de adebedo directo SEPA',
  },
  mandate_pdf_reference: {
    es: 'Referencia de la orden de domiciliación',
    en: 'Mandate reference',
    gl: 'Referencia da orde de domiciliación',
  },
  mandate_pdf_creditor: { es: 'Acreedor', en: 'Creditor', gl: 'Acredor' },
  mandate_pdf_debtor: { es: 'Deudor', en: 'Debtor', gl: 'Debedor' },
  mandate_pdf_name: { es: 'Nombre', en: 'Name', gl: 'Nome' },
  mandate_pdf_creditor_id: {
    es: 'Identificador del acreedor',
    en: 'Creditor identifier',
    gl: 'Identificador do acredor',
  },
  mandate_pdf_address: { es: 'Dirección', en: 'Address', gl: 'Enderezo' },
  mandate_pdf_dni: { es: 'DNI/NIE del titular', en: 'Holder’s DNI/NIE', gl: 'DNI/NIE do titular' },
  mandate_pdf_iban: {
    es: 'Número de cuenta (IBAN)',
    en: 'Account number (IBAN)',
    gl: 'Número de conta (IBAN)',
  },
  mandate_pdf_type: { es: 'Tipo de pago', en: 'Type of payment', gl: 'Tipo de pagamento' },
  mandate_pdf_type_recurrent: {
    es: 'Pago recurrente (esquema básico, CORE)',
    en: 'Recurrent payment (Core scheme)',
    gl: 'Pagamento recorrente (esquema básico, CORE)',
  },
  mandate_pdf_signature: { es: 'Firma', en: 'Signature', gl: 'Sinatura' },
  mandate_pdf_signed_at: {
    es: 'Fecha y hora de la firma',
    en: 'Date and time of signature',
    gl: 'Data e hora da sinatura',
  },
  mandate_pdf_signed_how: {
    es: 'Forma de firma',
    en: 'How it was signed',
    gl: 'Forma de sinatura',
  },
  mandate_pdf_signed_how_value: {
    es: 'Firmada electrónicamente en el portal por el titular, con su sesión identificada.',
    en: 'Signed electronically in the portal by the holder, in their authenticated session.',
    gl: 'Asinada electronicamente no portal polo titular, coa súa sesión identificada.',
  },
  mandate_pdf_signed_how_ip: {
    es: 'Firmada electrónicamente en el portal por el titular, con su sesión identificada, desde la dirección {ip}.',
    en: 'Signed electronically in the portal by the holder, in their authenticated session, from address {ip}.',
    gl: 'Asinada electronicamente no portal polo titular, coa súa sesión identificada, desde o enderezo {ip}.',
  },
  mandate_pdf_status: { es: 'Estado', en: 'Status', gl: 'Estado' },
  mandate_pdf_status_cancelled: {
    es: 'Cancelada por el titular el {date}',
    en: 'Cancelled by the holder on {date}',
    gl: 'Cancelada polo titular o {date}',
  },
  mandate_pdf_status_suspended: {
    es: 'Suspendida el {date} tras dos devoluciones en la temporada',
    en: 'Suspended on {date} after two returns in the season',
    gl: 'Suspendida o {date} tras dúas devolucións na tempada',
  },
  mandate_pdf_status_lapsed: {
    es: 'Caducada el {date} (36 meses sin adeudos)',
    en: 'Lapsed on {date} (36 months without debits)',
    gl: 'Caducada o {date} (36 meses sen adebedos)',
  },
  mandate_pdf_legal: {
    es: 'Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) a {creditor} a enviar instrucciones a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones de {creditor}. Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.',
    en: 'By signing this mandate form, you authorise (A) {creditor} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from {creditor}. As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited. Your rights are explained in a statement that you can obtain from your bank.',
    gl: 'Mediante a sinatura desta orde de domiciliación, o debedor autoriza (A) a {creditor} a enviar instrucións á entidade do debedor para adebedar a súa conta e (B) á entidade para efectuar os adebedos na súa conta seguindo as instrucións de {creditor}. Como parte dos seus dereitos, o debedor está lexitimado ao reembolso pola súa entidade nos termos e condicións do contrato subscrito con ela. A solicitude de reembolso deberá efectuarse dentro das oito semanas seguintes á data do adebedo en conta. Pode obter información adicional sobre os seus dereitos na súa entidade financeira.',
  },
});
