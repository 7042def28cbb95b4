import { LegalDocument } from "../components/marketing/legal-document";
import { termsIntro, termsSections } from "../content/terms";

export default function TermsPage() {
  return (
    <LegalDocument
      path="/terms"
      title="Terms of Service"
      updated="November 23, 2026"
      intro={termsIntro}
      sections={termsSections}
    />
  );
}
