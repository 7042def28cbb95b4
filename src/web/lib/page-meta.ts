import { useEffect } from "react";
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

/** Sets the document title, description and preview tags when the app navigates (the server sets them on load). */
export function usePageMeta(title: string, description?: string) {
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
  }, [title, description]);
}

/** The page meta of a public page, shared with the server. */
export function usePublicPageMeta(meta: PageMeta) {
  usePageMeta(meta.title, meta.description);
}
