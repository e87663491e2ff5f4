// Placeholder until the screen lands.
export function LegalNoticePage() {
  return null;
}
