/**
 * Freezes `value` and everything it holds, and returns it: for data shared between calls (cached
 * rows, kept answers), so that a stray edit throws instead of changing what the next call gets.
 * Bytes (a BLOB column's Buffer) are left as they are: JavaScript cannot freeze them.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
