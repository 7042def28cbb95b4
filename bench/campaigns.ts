/**
 * `npm run bench:campaigns`: 10,000 live campaigns and 100,000 tracking links; p50/p95 of the campaign list and
 * site metrics APIs over HTTP, on PostgreSQL (BENCH_DATABASE_URL, default the local one) and on PGlite.
 * Target: p95 under 30 ms on PostgreSQL. The last line is one JSON object. `--smoke`: 200 campaigns, 20 requests.
 */
import { sql } from "drizzle-orm";
import { measure, smoke, startBenchTarget } from "./support.js";

const CAMPAIGNS = smoke ? 200 : 10_000;
const PROMOTERS = smoke ? 200 : 10_000;
const LINKS_PER_CAMPAIGN = 10;
const REQUESTS = smoke ? 20 : 400;
/** One client at a time: these are latency figures, and the client shares the machine's two cores. */
const CONCURRENCY = 1;

async function seed(target: Awaited<ReturnType<typeof startBenchTarget>>) {
  const { db } = target.database;
  await db.execute(sql`insert into "user" (id, name, email)
    select 'bench-u-' || g, 'Bench User ' || g, 'bench' || g || '@bench.local' from generate_series(1, ${PROMOTERS}) g`);
  await db.execute(sql`insert into promoters (handle, auth_user_id)
    select 'bench-p-' || g, 'bench-u-' || g from generate_series(1, ${PROMOTERS}) g`);
  await db.execute(sql`insert into campaigns (title, artist_name, song_link, created_by, status, prize_cents,
      platform_fee_cents, duration_days, published_at, ends_at, genre)
    select 'Bench campaign ' || g, 'Bench Artist ' || (g % 100), 'https://open.spotify.com/track/' || g,
      'bench-u-' || (1 + g % 100), 'active', (10 + g % 1000) * 100, (10 + g % 1000) * 5, 7,
      now() - make_interval(mins => g), now() + make_interval(days => 1 + g % 30),
      (array['pop', 'rock', 'indie', 'electronic', 'hip-hop'])[1 + g % 5]
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`with c as (select id, row_number() over (order by id) as rn from campaigns),
      p as (select id, row_number() over (order by id) as rn from promoters)
    insert into tracking_links (campaign_id, promoter_id, short_code, total_clicks)
    select c.id, p.id, 'b' || lpad((c.rn * ${LINKS_PER_CAMPAIGN} + k)::text, 8, '0'), (c.rn * 7 + k * 13) % 500
    from c cross join generate_series(0, ${LINKS_PER_CAMPAIGN - 1}) k
    join p on p.rn = 1 + ((c.rn * ${LINKS_PER_CAMPAIGN} + k) % ${PROMOTERS})`);
  await db.execute(sql`update campaigns set total_clicks = s.clicks, promoter_count = s.promoters
    from (select campaign_id, sum(total_clicks) as clicks, count(*) as promoters from tracking_links group by campaign_id) s
    where s.campaign_id = campaigns.id`);
  await db.execute(sql`analyze`);
}

async function run(kind: "postgres" | "pglite") {
  const target = await startBenchTarget(kind);
  try {
    const seedStarted = performance.now();
    await seed(target);
    console.log(`${kind}: seeded in ${Math.round(performance.now() - seedStarted)} ms`);
    await measure(target.url, "/api/campaigns", 20);
    const figures = {
      list: await measure(target.url, "/api/campaigns?sort=prize", REQUESTS, CONCURRENCY),
      listByClicks: await measure(target.url, "/api/campaigns?sort=clicks&genre=pop", REQUESTS, CONCURRENCY),
      search: await measure(target.url, "/api/campaigns?q=campaign%2012", REQUESTS, CONCURRENCY),
      metrics: await measure(target.url, "/api/public/metrics", REQUESTS, CONCURRENCY),
    };
    console.log(`${kind}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await target.stop();
  }
}

const pgFigures = await run("postgres");
const pgliteFigures = await run("pglite");
const worstPgP95 = Math.max(
  pgFigures.list.p95Ms,
  pgFigures.listByClicks.p95Ms,
  pgFigures.search.p95Ms,
  pgFigures.metrics.p95Ms,
);
console.log(
  JSON.stringify({
    campaigns: CAMPAIGNS,
    trackingLinks: CAMPAIGNS * LINKS_PER_CAMPAIGN,
    pg: pgFigures,
    pglite: pgliteFigures,
    targetP95Ms: 30,
    pgMeetsTarget: worstPgP95 < 30,
  }),
);
