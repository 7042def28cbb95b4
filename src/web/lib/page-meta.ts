import { useEffect } from "react";
import { useLocation } from "react-router";
import { documentTitle, type PageMeta } from "../../core/page-meta";

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Sets the document title, description and preview tags when the app navigates (the server writes the same ones
 * into the HTML it sends), and points the page's address tags at the page now shown.
 */
export function usePageMeta(title: string, description?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    const fullTitle = documentTitle(title);
    document.title = fullTitle;
    setMeta("property", "og:title", fullTitle);
    setMeta("name", "twitter:title", fullTitle);
    if (description) {
      setMeta("name", "description", description);
      setMeta("property", "og:description", description);
      setMeta("name", "twitter:description", description);
    }
    const url = `${window.location.origin}${pathname}`;
    setMeta("property", "og:url", url);
    document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.setAttribute("href", url);
  }, [title, description, pathname]);
}

/** The page meta of a public page, shared with the server. */
export function usePublicPageMeta(meta: PageMeta) {
  usePageMeta(meta.title, meta.description);
}

/** Asks search engines not to index the page while it is open (SPEC.md: the admin system pages). */
export function useNoIndex() {
  useEffect(() => {
    setMeta("name", "robots", "noindex");
    return () => document.head.querySelector('meta[name="robots"]')?.remove();
  }, []);
}
