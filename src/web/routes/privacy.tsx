import { LegalDocument } from "../components/marketing/legal-document";
import { privacyIntro, privacySections, privacyUpdated } from "../content/privacy";

export default function PrivacyPage() {
  return (
    <LegalDocument
      path="/privacy"
      title="Privacy Policy"
      updated={privacyUpdated}
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
