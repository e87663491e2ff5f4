import { defineMessages } from '../define.js';

/** The receipt (PDF), the payment confirmation e-mail, and a fee's parts by name (receipts, reminders). */
export const receipts = defineMessages({
  receipt_title: {
    es: 'Justificante de pago',
    en: 'Payment receipt',
    gl: 'Xustificante de pagamento',
  },
  receipt_person: { es: 'Persona inscrita', en: 'Enrolled person', gl: 'Persoa inscrita' },
  receipt_dni: { es: 'DNI/NIE', en: 'DNI/NIE', gl: 'DNI/NIE' },
  receipt_no_dni: { es: 'Sin DNI', en: 'No DNI', gl: 'Sen DNI' },
  receipt_activity: { es: 'Actividad', en: 'Activity', gl: 'Actividade' },
  receipt_amount: { es: 'Importe', en: 'Amount', gl: 'Importe' },
  receipt_total: { es: 'Total pagado', en: 'Total paid', gl: 'Total pagado' },
  receipt_reduction: {
    es: 'Reducción aplicada',
    en: 'Reduction applied',
    gl: 'Redución aplicada',
  },
  receipt_yes: { es: 'Sí', en: 'Yes', gl: 'Si' },
  receipt_no: { es: 'No', en: 'No', gl: 'Non' },
  receipt_order: { es: 'Número de pedido', en: 'Order number', gl: 'Número de pedido' },
  receipt_authorisation: {
    es: 'Código de autorización',
    en: 'Authorisation code',
    gl: 'Código de autorización',
  },
  receipt_paid_at: {
    es: 'Fecha y hora del pago',
    en: 'Date and time of payment',
    gl: 'Data e hora do pagamento',
  },
  receipt_pay_method: { es: 'Forma de pago', en: 'Paid by', gl: 'Forma de pagamento' },
  receipt_refunded: { es: 'Importe devuelto', en: 'Amount refunded', gl: 'Importe devolto' },
  receipt_check_valid: {
    es: 'Justificante auténtico',
    en: 'Genuine receipt',
    gl: 'Xustificante auténtico',
  },
  receipt_check_unknown: {
    es: 'Ningún justificante tiene este código',
    en: 'No receipt has this code',
    gl: 'Ningún xustificante ten este código',
  },
  receipt_check_unknown_help: {
    es: 'Comprueba que el código está escrito como en el justificante (12 letras y números). Si coincide, el justificante no es auténtico: pregunta en el Concello.',
    en: 'Check the code is written as on the receipt (12 letters and digits). If it matches, the receipt is not genuine: ask the council.',
    gl: 'Comproba que o código está escrito como no xustificante (12 letras e números). Se coincide, o xustificante non é auténtico: pregunta no Concello.',
  },
  receipt_verification: {
    es: 'Código de verificación',
    en: 'Verification code',
    gl: 'Código de verificación',
  },
  receipt_verify_at: {
    es: 'Cualquiera puede comprobar que este justificante es auténtico en {url}',
    en: 'Anyone can check that this receipt is genuine at {url}',
    gl: 'Calquera pode comprobar que este xustificante é auténtico en {url}',
  },
  receipt_footer_bizum: {
    es: 'Pago con Bizum a través de la pasarela de pago del banco. Este documento se genera automáticamente.',
    en: 'Bizum payment through the bank’s payment gateway. This document is generated automatically.',
    gl: 'Pagamento con Bizum a través da pasarela de pagamento do banco. Este documento xérase automaticamente.',
  },
  receipt_line_fee: {
    es: 'Cuota con sus reducciones: {amount}',
    en: 'Fee after its reductions: {amount}',
    gl: 'Cota coas súas reducións: {amount}',
  },
  receipt_line_part: {
    es: 'Este pago, {parts}: {amount}',
    en: 'This payment, {parts}: {amount}',
    gl: 'Este pagamento, {parts}: {amount}',
  },
  receipt_line_remaining: {
    es: 'Queda por pagar de la cuota: {amount}',
    en: 'Still to pay of the fee: {amount}',
    gl: 'Queda por pagar da cota: {amount}',
  },
  receipt_footer: {
    es: 'Pago con tarjeta a través de la pasarela de pago del banco. Este documento se genera automáticamente.',
    en: 'Card payment through the bank’s payment gateway. This document is generated automatically.',
    gl: 'Pagamento con tarxeta a través da pasarela de pagamento do banco. Este documento xérase automaticamente.',
  },
  part_name_one: {
    es: '{number}.º plazo de {of}',
    en: 'instalment {number} of {of}',
    gl: '{number}.º prazo de {of}',
  },
  part_name_range: {
    es: 'plazos {from}.º a {to}.º de {of}',
    en: 'instalments {from}–{to} of {of}',
    gl: 'prazos {from}.º a {to}.º de {of}',
  },
  receipt_mail_subject: {
    es: 'Pago recibido: pedido {order}',
    en: 'Payment received: order {order}',
    gl: 'Pagamento recibido: pedido {order}',
  },
  receipt_mail_body: {
    es: 'Hemos recibido tu pago de {amount} para {name} (pedido {order}).\n\nTe adjuntamos el justificante de pago. También puedes descargarlo cuando quieras en {url}, en la pestaña «Completadas».\n\n{council}',
    en: 'We have received your payment of {amount} for {name} (order {order}).\n\nThe payment receipt is attached. You can also download it at any time from {url}, in the “Completed” tab.\n\n{council}',
    gl: 'Recibimos o teu pagamento de {amount} para {name} (pedido {order}).\n\nAchegámosche o xustificante de pagamento. Tamén podes descargalo cando queiras en {url}, na lapela «Completadas».\n\n{council}',
  },
});
