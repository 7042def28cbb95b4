/**
 * `npm run bench:dashboards`: the artist dashboard's APIs for one artist with 100 campaigns (10 live, 90 ended over
 * the last 60 days) and 1,000,000 click events (85% counted, 10% repeats, 5% bots; 30 countries, 8 referrers) on
 * PostgreSQL (BENCH_DATABASE_URL), after the roll-up of the history (as the server's minute job leaves it) plus a raw
 * tail of fresh clicks. Reports p50/p95 of each API, requests one at a time. Target: p95 at most 50 ms each. The last
 * line is one JSON object.
 * `--smoke`: 20,000 events, 20 requests each; it fails on any error answer.
 */
import { sql } from "drizzle-orm";
import { rollUpClicks } from "../src/server/tracking/click-rollups.js";
import { measure, signUpBenchUser, smoke, startBenchTarget } from "./support.js";

const CAMPAIGNS = 100;
const LIVE = 10;
const PROMOTERS = smoke ? 100 : 2_000;
const LINKS_PER_CAMPAIGN = smoke ? 10 : 50;
const CLICK_EVENTS = smoke ? 20_000 : 1_000_000;
const REQUESTS = smoke ? 20 : 200;

const target = await startBenchTarget("postgres");
try {
  const { db } = target.database;
  const { id: artistId, cookie } = await signUpBenchUser(target.url, {
    email: "artist@bench.local",
    last_name: "Artist",
    artist_name: "Bench Artist",
    user_type: "artist",
  });

  const seeded = performance.now();
  await db.execute(sql`insert into "user" (id, name, email, user_type)
    select 'bench-u-' || g, 'Bench ' || g, 'bench' || g || '@bench.local', 'promoter' from generate_series(1, ${PROMOTERS}) g`);
  await db.execute(sql`insert into promoters (handle, auth_user_id)
    select 'bench-p-' || g, 'bench-u-' || g from generate_series(1, ${PROMOTERS}) g`);
  // Campaign n started n * 0.6 days ago and runs 7 days: the 10 newest are live, the others ended (and completed).
  await db.execute(sql`insert into campaigns (title, artist_name, song_link, created_by, status, prize_cents,
      platform_fee_cents, published_at, ends_at, created_at)
    select 'Bench Song ' || g, 'Bench Artist', 'https://open.spotify.com/track/bench' || g, ${artistId},
           case when g <= ${LIVE} then 'active' else 'completed' end, 100000, 5000,
           now() - make_interval(secs => (g * 0.6 * 86400)::int),
           now() - make_interval(secs => (g * 0.6 * 86400)::int) + interval '7 days',
           now() - make_interval(secs => (g * 0.6 * 86400)::int)
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`insert into tracking_links (campaign_id, promoter_id, short_code, created_at)
    select c.id, p.id, 'bd' || lpad((row_number() over ())::text, 8, '0'), c.published_at
    from (select id, published_at, row_number() over (order by id) as cn from campaigns) c
    join lateral (
      select id from promoters order by md5(id::text || c.id::text) limit ${LINKS_PER_CAMPAIGN}
    ) p on true`);
  // Each event on a random link, inside its campaign's run, in time order (as clicks arrive); each counted address
  // once per campaign, as the counted-once index requires.
  await db.execute(sql`with links as materialized (
        select tl.id, tl.campaign_id, tl.promoter_id, c.published_at,
               least(c.ends_at, now()) - c.published_at as span, row_number() over (order by tl.id) as rn
        from tracking_links tl join campaigns c on c.id = tl.campaign_id),
      total as (select count(*) as n from links),
      draws as materialized (
        select g, 1 + (floor(random() * (select n from total)))::int as rn,
               case when g % 20 = 0 then 'bot' when g % 10 = 0 then 'duplicate' else 'counted' end as verdict,
               random() as at
        from generate_series(1, ${CLICK_EVENTS}) g)
    insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country,
      referrer, ts)
    select l.id, l.campaign_id, l.promoter_id, d.verdict,
           '10.' || (d.g / 65536 % 256) || '.' || (d.g / 256 % 256) || '.' || (d.g % 256), 'h' || d.g,
           case when d.verdict = 'bot' then 'Slackbot 1.0' else 'Mozilla/5.0 agent ' || (d.g % 60) end,
           (array['US','FR','DE','BR','JP','GB','IN','MX','CA','ES'])[1 + d.g % 10] || (d.g % 3),
           (array['https://www.instagram.com/p/x', 'https://t.co/y', 'https://www.tiktok.com/@z', 'https://x.com/a',
                  'https://www.facebook.com/b', 'https://www.reddit.com/r/music', 'https://discord.com/c', null])[1 + d.g % 8],
           l.published_at + l.span * d.at
    from draws d join links l on l.rn = d.rn
    order by l.published_at + l.span * d.at`);
  await db.execute(sql`update tracking_links tl set total_clicks = x.n
    from (select tracking_link_id, count(*) as n from click_events where verdict = 'counted' group by 1) x
    where tl.id = x.tracking_link_id`);
  await db.execute(sql`update campaigns c set total_clicks = coalesce(x.n, 0), promoter_count = ${LINKS_PER_CAMPAIGN}
    from (select campaign_id, count(*) as n from click_events where verdict = 'counted' group by 1) x
    where c.id = x.campaign_id`);
  console.log(
    `seeded ${CLICK_EVENTS} click events on ${CAMPAIGNS} campaigns in ${Math.round(performance.now() - seeded)} ms`,
  );
  const rolling = performance.now();
  await rollUpClicks(db);
  const rollupMs = Math.round(performance.now() - rolling);
  console.log(`rolled up the history in ${rollupMs} ms`);
  // Fresh clicks since the roll-up's mark: the raw tail every query adds.
  await db.execute(sql`insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip_hash, country, ts)
    select tl.id, tl.campaign_id, tl.promoter_id, 'duplicate', 'tail' || g, 'US', now()
    from generate_series(1, 500) g
    join lateral (select tl.* from tracking_links tl join campaigns c on c.id = tl.campaign_id
                  where c.status = 'active' order by tl.id offset g % 100 limit 1) tl on true`);
  await db.execute(sql`vacuum analyze`);

  const [live, ended] = (
    (await db.execute(sql`(select id from campaigns where status = 'active' order by published_at desc limit 1)
      union all (select id from campaigns where status = 'completed' order by published_at desc limit 1)`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  const paths = {
    overview: "/api/artist/overview",
    campaigns: "/api/artist/campaigns",
    liveAnalytics: `/api/artist/campaigns/${live?.id}/analytics`,
    endedAnalytics: `/api/artist/campaigns/${ended?.id}/analytics`,
  };
  const figures: Record<string, { p50Ms: number; p95Ms: number }> = {};
  for (const [name, path] of Object.entries(paths)) {
    await measure(target.url, path, 5, 1, { Cookie: cookie });
    const { p50Ms, p95Ms } = await measure(target.url, path, REQUESTS, 1, { Cookie: cookie });
    figures[name] = { p50Ms, p95Ms };
    console.log(`${name}: p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
  }
  const worst = Math.max(...Object.values(figures).map((figure) => figure.p95Ms));
  console.log(`target (p95 <= 50 ms each): ${worst <= 50 ? "met" : "NOT met"}`);
  console.log(
    JSON.stringify({
      campaigns: CAMPAIGNS,
      clickEvents: CLICK_EVENTS,
      rollupMs,
      figures,
      worstP95Ms: worst,
      meetsTarget: worst <= 50,
    }),
  );
} finally {
  await target.stop();
}
