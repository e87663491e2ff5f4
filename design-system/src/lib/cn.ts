import { clsx, type ClassValue } from 'clsx';
import { classConflicts } from './class-conflicts.ts';

/**
 * Joins class names. Two classes that set the same property (`px-4` and `px-2`) are a bug: which
 * one wins would depend on the order of Tailwind's stylesheet, not on the order here. Development
 * builds and tests throw on them (tailwind-merge knows which utilities conflict); production builds
 * leave that check out, so residents' phones download and run no class-merging code.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const conflicts = classConflicts(classes);
    if (conflicts.length > 0) {
      throw new Error(`Conflicting classes in "${classes}": ${conflicts.join(', ')}`);
    }
  }
  return classes;
}
