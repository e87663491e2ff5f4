// Placeholder until the screen lands.
export function AccessibilityPage() {
  return null;
}
