// Placeholder until the screen lands.
export function PrivacyPage() {
  return null;
}
