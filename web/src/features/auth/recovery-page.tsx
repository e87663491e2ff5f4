// Placeholder until the screen lands.
export function RecoveryPage() {
  return null;
}
