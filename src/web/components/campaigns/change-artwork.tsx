import { artworkApi } from "../../../core/api/artwork";
import { type CampaignView, campaignsApi } from "../../../core/api/campaigns";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { Card, CardBody } from "../ui/card";
import { ArtworkPicker } from "./artwork-picker";

/** The artist changes their campaign's cover from its page. */
export function ChangeArtwork({ campaign }: { campaign: CampaignView }) {
  const save = useApiMutation(artworkApi.setForCampaign, {
    invalidates: [campaignsApi.detail, campaignsApi.list],
    onSuccess: (_answer, { body }) =>
      toast.success(body?.key ? "Artwork updated." : "Artwork removed: the drawn cover is back."),
  });
  // The picker shows a failure itself, so the write's error comes back to it.
  const change = async (key: string | null) => {
    await save.mutateAsync({ params: { id: campaign.id }, body: { key } });
  };
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Cover artwork</h2>
        <ArtworkPicker campaign={campaign} onChange={change} busy={save.isPending} />
      </CardBody>
    </Card>
  );
}
