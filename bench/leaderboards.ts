/**
 * `npm run bench:leaderboards`: one campaign with 10,000 promoters and 1,000,000 click events on PostgreSQL
 * (BENCH_DATABASE_URL). Reports p50/p95 of the campaign leaderboard API (target p95 under 20 ms) and the public
 * leaderboards API, then opens 1,000 server-sent-event subscribers and measures how long after a counted click the
 * last of them has the update (target under 1 s). The last line is one JSON object. `--smoke`: 200 promoters,
 * 20,000 events, 20 subscribers; it fails unless every subscriber gets the update.
 */
import { request } from "node:http";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client.js";
import {
  failBench,
  measure,
  recountClickCounters,
  seedCampaignWithPromoters,
  smoke,
  startBenchTarget,
} from "./support.js";

const PROMOTERS = smoke ? 200 : 10_000;
const CLICK_EVENTS = smoke ? 20_000 : 1_000_000;
const SUBSCRIBERS = smoke ? 20 : 1_000;

const target = await startBenchTarget("postgres");
try {
  const { db } = target.database;
  const seeded = performance.now();
  await seedCampaignWithPromoters(db, PROMOTERS);
  // Skewed clicks: a few promoters draw most of them, as on a real board. Each event's link is drawn once, in its own
  // row, before the join: a random() in the join condition would be drawn again for every link it is compared with,
  // giving one address several counted clicks, which the counted-once index refuses.
  await db.execute(sql`with links as (select id, promoter_id, campaign_id, row_number() over (order by id) as rn from tracking_links),
      draws as materialized (select g, 1 + (floor(power(random(), 3) * ${PROMOTERS}))::int % ${PROMOTERS} as rn
                             from generate_series(1, ${CLICK_EVENTS}) g)
    insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country)
    select l.id, l.campaign_id, l.promoter_id, 'counted', null, 'h' || d.g, 'bench', 'Unknown'
    from draws d join links l on l.rn = d.rn`);
  await recountClickCounters(db, PROMOTERS);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${PROMOTERS} promoters and ${CLICK_EVENTS} click events in ${Math.round(performance.now() - seeded)} ms`,
  );

  const [campaign] = await queryRows<{ id: string }>(db, sql`select id from campaigns limit 1`);
  const campaignId = campaign?.id ?? "";
  const [events] = await queryRows<{ n: string }>(db, sql`select count(*) as n from click_events`);
  if (Number(events?.n) !== CLICK_EVENTS) failBench(`seeded ${events?.n} click events, expected ${CLICK_EVENTS}`);
  await measure(target.url, `/api/campaigns/${campaignId}/leaderboard`, 20);
  const campaignBoard = await measure(target.url, `/api/campaigns/${campaignId}/leaderboard`, smoke ? 20 : 400, 1);
  const publicBoards = await measure(target.url, "/api/public/leaderboards", smoke ? 20 : 200, 1);
  console.log(
    `campaign leaderboard ${JSON.stringify(campaignBoard)}; public leaderboards ${JSON.stringify(publicBoards)}`,
  );

  // 1,000 live subscribers, then one counted click from a new address.
  const { port } = new URL(target.url);
  const received: number[] = [];
  let clickedAt = 0;
  let connected = 0;
  const sockets: Array<() => void> = [];
  await new Promise<void>((resolve, reject) => {
    for (let index = 0; index < SUBSCRIBERS; index++) {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: `/api/campaigns/${campaignId}/leaderboard/stream`,
          agent: false,
          // Each its own address, 50 to a /24: an address holds at most MAX_STREAMS_PER_ADDRESS streams, a network
          // MAX_STREAMS_PER_NETWORK.
          localAddress: `127.0.${10 + Math.floor(index / 50)}.${2 + (index % 50)}`,
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`subscriber ${index} answered ${res.statusCode}`));
            return;
          }
          let events = 0;
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            events += chunk.split("event: leaderboard").length - 1;
            if (events === 1 && !(res as unknown as { counted?: boolean }).counted) {
              (res as unknown as { counted?: boolean }).counted = true;
              connected++;
              if (connected === SUBSCRIBERS) resolve();
            }
            if (
              events >= 2 &&
              clickedAt > 0 &&
              received.length < SUBSCRIBERS &&
              !(res as unknown as { got?: boolean }).got
            ) {
              (res as unknown as { got?: boolean }).got = true;
              received.push(performance.now() - clickedAt);
            }
          });
        },
      );
      req.on("error", reject);
      req.end();
      sockets.push(() => req.destroy());
    }
  });
  console.log(`${connected} subscribers connected`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  clickedAt = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/t/bl00000001",
        localAddress: "127.0.0.77",
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve());
      },
    );
    req.on("error", reject);
    req.end();
  });
  const deadline = performance.now() + 5000;
  while (received.length < SUBSCRIBERS && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (const close of sockets) close();
  received.sort((a, b) => a - b);
  const lastMs = received.length === SUBSCRIBERS ? Math.round(received.at(-1) ?? 0) : null;
  console.log(
    JSON.stringify({
      promoters: PROMOTERS,
      clickEvents: CLICK_EVENTS,
      campaignLeaderboard: campaignBoard,
      publicLeaderboards: publicBoards,
      sse: {
        subscribers: SUBSCRIBERS,
        received: received.length,
        lastUpdateMs: lastMs,
        allWithin1s: lastMs !== null && lastMs < 1000,
      },
      campaignLeaderboardMeetsTarget: campaignBoard.p95Ms < 20,
    }),
  );
  if (received.length !== SUBSCRIBERS) failBench(`${received.length} of ${SUBSCRIBERS} subscribers got the update`);
} finally {
  await target.stop();
}
