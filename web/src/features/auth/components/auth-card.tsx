import type { ReactNode } from 'react';

/** The white panel the login-style screens sit in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl rounded-panel bg-background p-6 shadow-md max-narrow:p-4">
      {children}
    </div>
  );
}
