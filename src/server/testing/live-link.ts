import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";

/**
 * One live campaign (a week left) with one promoter's link `shortCode`, written straight into a database no server is
 * answering for yet (a bench's, or a server process's while it is stopped), without the sign-up and payment journey.
 */
export async function insertLiveLink(db: Database, shortCode: string) {
  await db.execute(sql`insert into "user" (id, name, email, user_type) values
    ('bench-artist', 'Bench Artist', 'artist@bench.local', 'artist'), ('bench-promoter', 'Bench Promoter', 'promoter@bench.local', 'promoter')`);
  await db.execute(sql`insert into promoters (handle, auth_user_id) values ('bench-promoter', 'bench-promoter')`);
  await db.execute(sql`insert into campaigns (title, artist_name, song_link, created_by, status, prize_cents, platform_fee_cents, published_at, ends_at)
    values ('Bench Song', 'Bench Artist', 'https://open.spotify.com/track/bench', 'bench-artist', 'active', 10000, 500, now(), now() + interval '7 days')`);
  await db.execute(sql`insert into tracking_links (campaign_id, promoter_id, short_code)
    select c.id, p.id, ${shortCode} from campaigns c, promoters p`);
}
