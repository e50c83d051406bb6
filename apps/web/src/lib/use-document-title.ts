// Sets the browser tab title of a screen: "<title> | <organisation>".
import { useEffect } from 'react';
import { messages } from '@donaciones/shared/messages';
import { useSiteInfo } from './site';

export function useDocumentTitle(title: string | null | undefined) {
  const { name } = useSiteInfo();
  useEffect(() => {
    const brand = name ?? messages.shell.brandFallback;
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, name]);
}
