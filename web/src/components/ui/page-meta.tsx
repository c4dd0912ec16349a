import { useEffect } from 'react';
import { config } from '@/lib/config';

type PageMetaProps = {
  /** The page's own title; the shop name is appended. Omit for the home page. */
  title?: string;
  description?: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
};

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    if (el && attr === 'property') el.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  // The server drew the page's head: writing the same value again would only cost the browser work.
  if (el.content !== content) el.content = content;
}

/** Sets the document title, description and Open Graph tags of the current page. */
export function PageMeta({ title, description, image }: PageMetaProps) {
  useEffect(() => {
    const fullTitle = title ? `${title} | ${config.shopName}` : `${config.shopName}: robotics kits, workshops and components`;
    if (document.title !== fullTitle) document.title = fullTitle;
    if (description) setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', image ? 'product' : 'website');
    setMeta('property', 'og:url', window.location.href);
    setMeta('property', 'og:image', image ? new URL(image, window.location.origin).href : undefined);
  }, [title, description, image]);
  return null;
}
