import type { ClientRoute } from "../core/routes";
import { type Screen, screens } from "./screens";

/**
 * Checked by `npm run typecheck`, never run: a route table that lacks a route of src/core/routes.ts does not
 * typecheck. If the line under the directive stopped failing, the directive itself would fail the typecheck.
 */
const { "/pricing": _pricing, ...withoutPricing } = screens;
// @ts-expect-error a client route without a screen
withoutPricing satisfies Record<ClientRoute, Screen>;
