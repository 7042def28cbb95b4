import { LegalDocument } from "../components/marketing/legal-document";
import { termsIntro, termsSections, termsUpdated } from "../content/terms";

export default function TermsPage() {
  return (
    <LegalDocument
      path="/terms"
      title="Terms of Service"
      updated={termsUpdated}
      intro={termsIntro}
      sections={termsSections}
    />
  );
}
