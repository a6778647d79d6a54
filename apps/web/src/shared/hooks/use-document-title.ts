/** Sets the page title as "{page} – {retailer}" (every page has its own title for screen readers and tabs). */
import { useEffect } from 'react';
import { useClientConfig } from '../config/client-config.tsx';

export function useDocumentTitle(pageTitle: string): void {
  const { retailer } = useClientConfig();
  useEffect(() => {
    document.title = `${pageTitle} – ${retailer.name}`;
  }, [pageTitle, retailer.name]);
}
