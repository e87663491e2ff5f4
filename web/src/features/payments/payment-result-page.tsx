// Placeholder until the screens land.
export function PaymentOkPage() {
  return null;
}

export function PaymentKoPage() {
  return null;
}
