// Sets the browser tab title of a screen: "<title> | <organisation>".
import { useEffect } from 'react';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { useSiteInfo } from './site';

export function useDocumentTitle(title: string | null | undefined) {
  const { name } = useSiteInfo();
  useEffect(() => {
    const brand = name ?? shellMessages.brandFallback;
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, name]);
}
