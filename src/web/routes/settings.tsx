import { useNavigate } from "react-router";
import { ApiKeysSection } from "../components/settings/api-keys-section";
import { DeleteAccountSection } from "../components/settings/delete-account-section";
import { EligibilitySection } from "../components/settings/eligibility-section";
import { EmailPreferencesSection } from "../components/settings/email-preferences-section";
import { EmailSection } from "../components/settings/email-section";
import { HandleSection } from "../components/settings/handle-section";
import { PasswordSection } from "../components/settings/password-section";
import { ProfileSection } from "../components/settings/profile-section";
import { SessionsSection } from "../components/settings/sessions-section";
import { WebhooksSection } from "../components/settings/webhooks-section";
import { usePageMeta } from "../lib/page-meta";
import { useAccount, useRefreshAccount } from "../lib/session";
import { toast } from "../lib/toast";

/** Account settings (signed-in users: the route table guards it). Every change goes through the sign-up rules. */
export default function SettingsPage() {
  usePageMeta("Account settings");
  const { account } = useAccount();
  const refresh = useRefreshAccount();
  const navigate = useNavigate();
  if (!account) return null;
  return (
    <section className="container-page flex max-w-3xl flex-col gap-6 py-10">
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900">Account settings</h1>
        <p className="text-slate-600">Your profile, sign-in and devices.</p>
      </div>
      <ProfileSection account={account} />
      {account.user.user_type === "promoter" || account.promoter ? <HandleSection account={account} /> : null}
      {account.user.user_type === "promoter" || account.promoter ? <EligibilitySection account={account} /> : null}
      <EmailSection account={account} />
      <EmailPreferencesSection />
      <PasswordSection />
      <SessionsSection />
      <ApiKeysSection />
      {account.user.user_type === "artist" ? <WebhooksSection /> : null}
      <DeleteAccountSection
        onDeleted={async () => {
          await refresh();
          toast.success("Your account was deleted.");
          navigate("/", { replace: true });
        }}
      />
    </section>
  );
}
