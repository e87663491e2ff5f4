// Placeholder until the screen lands.
export function AdminPage() {
  return null;
}
