import { createContext, useContext, useEffect } from 'react';

/** Sections tell the page whether one of their forms shows errors (for "Error:" in the title). */
export const PageErrorsContext = createContext<(key: string, hasErrors: boolean) => void>(() => {});

export function useReportErrors(key: string, hasErrors: boolean): void {
  const report = useContext(PageErrorsContext);
  useEffect(() => {
    report(key, hasErrors);
    return () => report(key, false);
  }, [report, key, hasErrors]);
}
