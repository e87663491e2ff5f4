// Placeholder until the screen lands.
export function RegisterPage() {
  return null;
}
