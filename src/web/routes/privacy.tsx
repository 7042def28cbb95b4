import { LegalDocument } from "../components/marketing/legal-document";
import { privacyIntro, privacySections } from "../content/privacy";

export default function PrivacyPage() {
  return (
    <LegalDocument
      path="/privacy"
      title="Privacy Policy"
      updated="November 23, 2026"
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
