import { sql } from "drizzle-orm";
import { z } from "zod";
import { rankOf } from "../../core/vocabulary.js";
import type { ServerContext } from "../context/server-context.js";
import { linksAheadOfTl } from "../db/rank.js";
import { column, queryParsed } from "../db/rows.js";
import { optedOut, sendUnlessOptedOut, unsubscribeUrl } from "../mail/email-preferences.js";
import { endingSoonMail } from "../payouts/payout-mail.js";

const promoterRow = z.object({
  user_id: column.text,
  email: column.text,
  handle: column.text,
  short_code: column.text,
  clicks: column.number,
  ahead: column.number,
  first: column.number,
});

/**
 * A day before a live campaign ends, tells each of its promoters where they stand (rank, clicks, gap to first): by
 * email unless they turned reminders off, and in their bell. Each campaign is claimed by a conditional update, in the transaction that writes its
 * emails: reminded once, whoever runs the job. How many campaigns it reminded.
 */
export async function remindEndingCampaigns(deps: ServerContext): Promise<number> {
  let reminded = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [campaign] = await queryParsed(
        tx,
        z.object({ id: column.text, title: column.text, prize_cents: column.number }),
        sql`update campaigns set reminder_sent_at = now()
            where id = (
              select id from campaigns
              where status = 'active' and reminder_sent_at is null
                and ends_at > now() and ends_at <= now() + interval '24 hours'
              order by ends_at limit 1 for update skip locked)
            returning id, title, prize_cents`,
      );
      if (!campaign) return false;
      const promoters = await queryParsed(
        tx,
        promoterRow,
        sql`select u.id as user_id, u.email, p.handle, tl.short_code, tl.total_clicks as clicks,
              ${linksAheadOfTl} as ahead,
              (select max(o.total_clicks) from tracking_links o where o.campaign_id = tl.campaign_id) as first
            from tracking_links tl join promoters p on p.id = tl.promoter_id join "user" u on u.id = p.auth_user_id
            where tl.campaign_id = ${campaign.id} and u.email not like 'deleted-%@deleted.invalid'`,
      );
      const unsubscribed = await optedOut(
        tx,
        promoters.map((row) => row.user_id),
        "reminders",
      );
      for (const promoter of promoters) {
        await sendUnlessOptedOut(
          deps.mailer,
          tx,
          await endingSoonMail({
            to: promoter.email,
            title: campaign.title,
            handle: promoter.handle,
            rank: rankOf(promoter.clicks, promoter.ahead),
            clicks: promoter.clicks,
            behindFirst: promoter.first - promoter.clicks,
            prizeCents: campaign.prize_cents,
            shortCode: promoter.short_code,
            publicUrl: deps.publicUrl,
            unsubscribe: unsubscribeUrl(deps.publicUrl, deps.authSecret, promoter.user_id, "reminders"),
          }),
          !unsubscribed.has(promoter.user_id),
        );
      }
      return true;
    });
    if (!done) return reminded;
    reminded++;
  }
}
