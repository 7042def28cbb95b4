import { useEffect } from "react";

const SITE = "FanBoost";

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Sets the document title, description and Open Graph tags of a page. */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    const fullTitle = title === SITE ? title : `${title} · ${SITE}`;
    document.title = fullTitle;
    setMeta("property", "og:title", fullTitle);
    if (description) {
      setMeta("name", "description", description);
      setMeta("property", "og:description", description);
    }
  }, [title, description]);
}
