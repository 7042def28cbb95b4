import { type Account, accountsApi } from "../../../core/api/accounts";
import { residenceName } from "../../../core/eligibility";
import { useRefreshAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { EligibilityForm } from "../account/eligibility-form";
import { Section } from "./section";

/** Where the user lives and that they are of age there: asked once, before the first join (eligibility.ts). */
export function EligibilitySection({ account }: { account: Account }) {
  const refresh = useRefreshAccount();
  const save = useApiMutation(accountsApi.setEligibility);
  const stated = account.eligibility;
  return (
    <Section
      title="Where you live"
      lead={
        stated
          ? `You live in ${residenceName(stated.country, stated.state)} and confirmed you are at least ${stated.minimum_age}. Campaigns are open to the countries their rules name.`
          : "Campaigns are open to people of age who live where their prizes can be paid. Tell us once, and joining is one click."
      }
    >
      <EligibilityForm
        current={stated}
        submitLabel="Save Where I Live"
        busy={save.isPending}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ body });
          await refresh();
          toast.success(`Saved: you live in ${residenceName(saved.country, saved.state)}.`);
        }}
      />
    </Section>
  );
}
