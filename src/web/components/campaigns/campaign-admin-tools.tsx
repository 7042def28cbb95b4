import { Flag, Shield, Trash2 } from "lucide-react";
import { useNavigate } from "react-router";
import { adminApi } from "../../../core/api/admin";
import { campaignsApi } from "../../../core/api/campaigns";
import { toast } from "../../lib/toast";
import { useRowActions } from "../admin/use-row-actions";
import { Button } from "../ui/button";
import { useConfirm } from "../ui/confirm-dialog";

const campaignUpdated = () => window.dispatchEvent(new Event("campaignUpdated"));

/** SPEC.md Campaign card admin tool bar: End Campaign and Delete, for admins only (the server checks too). */
export function CampaignAdminTools({ campaignId, title }: { campaignId: string; title: string }) {
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  const { run, isBusy, rowError } = useRowActions([campaignsApi.list]);
  const input = { params: { id: campaignId } };

  const end = async () => {
    const confirmed = await confirm({
      title: "End campaign",
      description: `End "${title}" now? The timer stops and the promoters with the most verified clicks win.`,
      confirmLabel: "End Campaign",
      tone: "danger",
    });
    if (!confirmed) return;
    await run(campaignId, "End", adminApi.endCampaign, input, {
      failure: "End campaign failed",
      onSuccess: () => {
        toast.success("Campaign ended. Its winners are on the payouts page.");
        campaignUpdated();
      },
    });
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: "Delete campaign",
      description: "Delete this campaign? This cannot be undone.",
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!confirmed) return;
    await run(campaignId, "Delete", adminApi.deleteCampaign, input, {
      onSuccess: () => {
        toast.success("Campaign deleted.");
        navigate("/join-campaign");
        campaignUpdated();
      },
    });
  };

  return (
    <div className="rounded-xl bg-red-50/60 p-3 ring-1 ring-red-100">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-red-800 uppercase">
        <Shield className="h-3.5 w-3.5" aria-hidden /> Admin Tools
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" variant="secondary" loading={isBusy(campaignId, "End")} onClick={end}>
          <Flag className="h-3.5 w-3.5" aria-hidden /> End Campaign
        </Button>
        <Button size="sm" variant="danger" loading={isBusy(campaignId, "Delete")} onClick={remove}>
          <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
        </Button>
      </div>
      {rowError(campaignId, "mt-2 text-xs text-red-700")}
      {dialog}
    </div>
  );
}
