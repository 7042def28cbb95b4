import { z } from "@hono/zod-openapi";
import {
  campaignStatus,
  campaignStatuses,
  clickVerdicts,
  payoutHoldReasons,
  payoutStatuses,
} from "../../core/vocabulary.js";

/**
 * The public API's answers as zod schemas (ADR 036): the routes validate their requests with them, the OpenAPI
 * document is generated from them, and the tests check every answer against them.
 */

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-26T09:30:00.000Z" });
const cents = z.number().int().openapi({ description: "US cents", example: 250_00 });
const uuid = z.string().openapi({ format: "uuid" });

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "forbidden" }),
      message: z.string().openapi({ example: "This API key lacks the scope campaigns:write" }),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi("Error");

export const campaignSchema = z
  .object({
    id: uuid,
    title: z.string(),
    genre: z.string().nullable(),
    status: z.enum(campaignStatuses),
    prize_cents: cents,
    platform_fee_cents: cents,
    duration_days: z.number().int(),
    created_at: timestamp,
    published_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    total_clicks: z.number().int(),
    promoter_count: z.number().int(),
    leader: z.object({ handle: z.string(), clicks: z.number().int() }).nullable(),
    url: z.string().openapi({ format: "uri", description: "The campaign's page" }),
  })
  .openapi("Campaign");

export const campaignListSchema = z.object({ campaigns: z.array(campaignSchema) }).openapi("CampaignList");

export const draftSchema = z
  .object({
    campaign: z.object({
      id: uuid,
      title: z.string(),
      status: z.literal(campaignStatus.draft),
      prize_cents: cents,
      platform_fee_cents: cents,
      fund_url: z.string().openapi({ format: "uri", description: "Where the artist pays for it, in the app" }),
    }),
  })
  .openapi("Draft");

export const analyticsSchema = z
  .object({
    campaign: z.object({
      id: uuid,
      title: z.string(),
      status: z.enum(campaignStatuses),
      published_at: timestamp.nullable(),
      ends_at: timestamp.nullable(),
    }),
    series: z.object({
      bucket: z.enum(["hour", "day"]),
      points: z.array(z.object({ time: timestamp, counted: z.number().int() })),
    }),
    verdicts: z.array(z.object({ verdict: z.enum(clickVerdicts), count: z.number().int() })),
    countries: z.array(z.object({ country: z.string(), count: z.number().int() })),
    referrers: z.array(z.object({ domain: z.string(), count: z.number().int() })),
    promoters: z.array(
      z.object({
        rank: z.number().int().nullable(),
        handle: z.string(),
        clicks: z.number().int(),
        joined_at: timestamp,
      }),
    ),
  })
  .openapi("CampaignAnalytics");

export const linkListSchema = z
  .object({
    links: z.array(
      z.object({
        short_code: z.string(),
        url: z.string().openapi({ format: "uri", description: "The tracking link to share" }),
        campaign_id: uuid,
        campaign_title: z.string(),
        campaign_status: z.enum([campaignStatus.active, campaignStatus.paused]),
        prize_cents: cents,
        ends_at: timestamp.nullable(),
        clicks: z.number().int(),
        rank: z.number().int().nullable(),
        participants: z.number().int(),
      }),
    ),
  })
  .openapi("LinkList");

export const earningsSchema = z
  .object({
    totals: z
      .object({
        paid_cents: cents,
        pending_cents: cents,
        campaigns_won: z.number().int(),
        campaigns_joined: z.number().int(),
        total_clicks: z.number().int(),
      })
      .nullable(),
    rows: z.array(
      z.object({
        campaign_id: uuid,
        campaign_title: z.string(),
        campaign_status: z.enum(campaignStatuses),
        amount_cents: cents,
        payout_status: z.enum(payoutStatuses).nullable(),
        paid_at: timestamp.nullable(),
        rank: z.number().int().nullable(),
        total_clicks: z.number().int(),
      }),
    ),
  })
  .openapi("Earnings");

export const payoutListSchema = z
  .object({
    payouts: z.array(
      z.object({
        id: uuid,
        campaign_id: uuid,
        campaign_title: z.string(),
        winner_handle: z.string().nullable(),
        amount_cents: cents,
        status: z.enum(payoutStatuses),
        hold_reasons: z.array(z.enum(payoutHoldReasons)),
        paid_at: timestamp.nullable(),
        transfer_id: z.string().nullable(),
      }),
    ),
  })
  .openapi("PayoutList");

export const campaignIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }),
});
