import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a step. It takes focus when the step appears after another one, so keyboard and
 * screen-reader users land on the new content (not on first render).
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // before the browser paints, so nothing typed at once into the new step is lost to a later move
  useLayoutEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} tabIndex={-1} className="mb-4 text-heading font-bold outline-none">
      {children}
    </h2>
  );
}
