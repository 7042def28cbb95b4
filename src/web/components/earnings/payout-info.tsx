import { formatCents, MIN_PAYOUT_CENTS } from "../../../core/money";
import { Card, CardBody } from "../ui/card";

/** How payouts work and how to climb the leaderboard, beside the history. */
export function PayoutInfo() {
  return (
    <Card>
      <CardBody className="flex flex-col gap-3 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">How payouts work</h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>When a campaign ends, the promoter with the most verified clicks wins the whole prize.</li>
          <li>Ties split the prize equally.</li>
          <li>
            Every prize is verified first: FanBoost approves the result with its evidence, and you confirm here that you
            still qualify.
          </li>
          <li>Payouts go out every Friday and arrive in 1-3 business days.</li>
          <li>With {formatCents(MIN_PAYOUT_CENTS)} or more won, Request Payout sends it right away.</li>
        </ul>
        <h2 className="pt-2 text-base font-semibold text-slate-900">Tips to climb the leaderboard</h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>Share your link where fans of the genre already talk about music.</li>
          <li>Each visitor counts once per campaign; reaching new people beats asking friends to click again.</li>
          <li>Post the QR code of your link on flyers and at shows.</li>
        </ul>
      </CardBody>
    </Card>
  );
}
