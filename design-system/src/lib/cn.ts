import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge must know the custom theme keys from styles.css; otherwise it takes
 * `text-lead` (a font size) for a text colour and drops `text-primary-foreground`.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: ['small', 'body', 'lead', 'heading', 'title'],
      radius: ['control', 'panel'],
      breakpoint: ['narrow'],
    },
  },
});

/** Joins class names; later Tailwind classes win over earlier ones (a caller's `className`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
