import { extendTailwindMerge } from 'tailwind-merge';

let twMerge: ((classes: string) => string) | undefined;

/**
 * tailwind-merge must know the custom theme keys from styles.css; otherwise it takes
 * `text-lead` (a font size) for a text colour and reports it against `text-primary-foreground`.
 * Made on first use, so a production build, which never calls this, drops the library.
 */
const merger = () =>
  (twMerge ??= extendTailwindMerge({
    extend: {
      theme: {
        text: ['small', 'body', 'lead', 'heading', 'title'],
        radius: ['control', 'panel'],
        breakpoint: ['narrow'],
      },
    },
  }));

/** The classes of a list that another class of it overrides (empty when none conflict). */
export function classConflicts(classes: string): string[] {
  const kept = new Set(merger()(classes).split(' '));
  return classes.split(/\s+/).filter((name) => name !== '' && !kept.has(name));
}
