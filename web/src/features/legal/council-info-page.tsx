// Placeholder until the screen lands.
export function CouncilInfoPage() {
  return null;
}
