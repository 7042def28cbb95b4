import { Link } from "react-router";
import type { EligibilityView } from "../../../core/api/accounts";
import type { EligibilityInput } from "../../../core/eligibility-rules";
import { EligibilityForm } from "../account/eligibility-form";
import { Dialog } from "../ui/dialog";

/** The first join's question: where the promoter lives and that they are of age there (asked once per account). */
export function JoinEligibilityDialog({
  campaignTitle,
  current,
  busy,
  onClose,
  onSubmit,
}: {
  campaignTitle: string;
  current: EligibilityView | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (statement: EligibilityInput) => Promise<void>;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Before you join"
      description={`Campaigns are open to people of age who live where their prizes can be paid. Tell us once; after that, joining is one click. You can change it in Settings.`}
    >
      <div className="flex flex-col gap-4">
        <EligibilityForm
          current={current}
          submitLabel={`Join "${campaignTitle}"`}
          busy={busy}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
        <p className="text-xs text-slate-500">
          Stating where you live falsely makes you ineligible for any prize. See the{" "}
          <Link to="/terms" className="font-semibold text-brand-700 underline">
            Terms of Service
          </Link>
          .
        </p>
      </div>
    </Dialog>
  );
}
