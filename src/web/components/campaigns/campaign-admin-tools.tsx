import { useQueryClient } from "@tanstack/react-query";
import { Flag, Shield, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { adminApi } from "../../../core/api/admin";
import { campaignsApi } from "../../../core/api/campaigns";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { apiKey, callApi } from "../../lib/use-api";
import { Button } from "../ui/button";
import { useConfirm } from "../ui/confirm-dialog";

const signInAgain = "Please sign in again as admin.";

/** SPEC.md Campaign card admin tool bar: End Campaign and Delete, for admins only (the server checks too). */
export function CampaignAdminTools({ campaignId, title }: { campaignId: string; title: string }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"end" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (kind: "end" | "delete") => {
    const confirmed = await confirm(
      kind === "delete"
        ? {
            title: "Delete campaign",
            description: "Delete this campaign? This cannot be undone.",
            confirmLabel: "Delete",
            tone: "danger",
          }
        : {
            title: "End campaign",
            description: `End "${title}" now? The timer stops and the promoters with the most verified clicks win.`,
            confirmLabel: "End Campaign",
            tone: "danger",
          },
    );
    if (!confirmed) return;
    setBusy(kind);
    setError(null);
    try {
      if (kind === "end") {
        await callApi(adminApi.endCampaign, { params: { id: campaignId } });
        toast.success("Campaign ended. Its winners are on the payouts page.");
      } else {
        await callApi(adminApi.deleteCampaign, { params: { id: campaignId } });
        toast.success("Campaign deleted.");
        navigate("/join-campaign");
      }
      await queryClient.invalidateQueries({ queryKey: apiKey(campaignsApi.list) });
      window.dispatchEvent(new Event("campaignUpdated"));
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 401) {
        window.alert(signInAgain);
        return;
      }
      const failed = kind === "end" ? "End campaign failed" : "Delete failed";
      setError(cause instanceof ApiError ? `${failed}: ${cause.message}` : failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="rounded-xl bg-red-50/60 p-3 ring-1 ring-red-100">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-red-800 uppercase">
        <Shield className="h-3.5 w-3.5" aria-hidden /> Admin Tools
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" variant="secondary" loading={busy === "end"} onClick={() => act("end")}>
          <Flag className="h-3.5 w-3.5" aria-hidden /> End Campaign
        </Button>
        <Button size="sm" variant="danger" loading={busy === "delete"} onClick={() => act("delete")}>
          <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {dialog}
    </div>
  );
}
