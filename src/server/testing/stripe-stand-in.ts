import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

/**
 * A local stand-in for the few Stripe endpoints FanBoost uses (payment intents, refunds, Connect accounts, account
 * links, transfers, the balance the admin diagnostics read), keeping Stripe's idempotency semantics: the same key returns the first answer.
 */
export async function startStripeStandIn() {
  const objects = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, Json>();
  const requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; form: URLSearchParams }> =
    [];
  /** Destinations whose transfers Stripe refuses with a 400 (an account that cannot receive transfers). */
  const refusedDestinations = new Set<string>();
  let counter = 0;

  const create = (prefix: string, fields: Json): Json => {
    const id = `${prefix}_standin_${++counter}`;
    const object = { id, ...fields };
    objects.set(id, object);
    return object;
  };

  const routes: Array<{
    method: string;
    pattern: RegExp;
    handle: (form: URLSearchParams, id?: string) => [number, Json];
  }> = [
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      handle: (form) => {
        const intent = create("pi", {
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          status: "requires_payment_method",
          metadata: { campaign_id: form.get("metadata[campaign_id]") },
        });
        intent.client_secret = `${intent.id}_secret_x`;
        return [200, intent];
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/(\w+)\/cancel$/,
      handle: (_form, id) => {
        const intent = id ? objects.get(id) : undefined;
        if (!intent) return [404, { error: { type: "invalid_request_error", message: "No such payment_intent" } }];
        if (intent.status !== "requires_payment_method") {
          return [
            400,
            {
              error: {
                type: "invalid_request_error",
                message: `You cannot cancel this PaymentIntent (${intent.status})`,
              },
            },
          ];
        }
        intent.status = "canceled";
        return [200, intent];
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      handle: (form) => [200, create("re", { object: "refund", amount: Number(form.get("amount")) })],
    },
    {
      method: "POST",
      pattern: /^\/v1\/accounts$/,
      handle: (form) => [
        200,
        create("acct", {
          object: "account",
          type: form.get("type"),
          country: form.get("country"),
          email: form.get("email"),
          details_submitted: false,
          payouts_enabled: false,
          requirements: { currently_due: ["individual.id_number"], past_due: [], eventually_due: [] },
          metadata: { user_id: form.get("metadata[user_id]") },
        }),
      ],
    },
    {
      method: "POST",
      pattern: /^\/v1\/account_links$/,
      handle: (form) => [
        200,
        {
          object: "account_link",
          url: `https://connect.stripe.test/setup/${form.get("account")}`,
          return_url: form.get("return_url"),
          refresh_url: form.get("refresh_url"),
        },
      ],
    },
    {
      method: "POST",
      pattern: /^\/v1\/transfers$/,
      handle: (form) => {
        const destination = form.get("destination") ?? "";
        if (refusedDestinations.has(destination)) {
          return [400, { error: { type: "invalid_request_error", message: "Destination cannot receive transfers" } }];
        }
        return [
          200,
          create("tr", { object: "transfer", amount: Number(form.get("amount")), destination, currency: "usd" }),
        ];
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/balance$/,
      handle: () => [200, { object: "balance", livemode: false, available: [{ amount: 0, currency: "usd" }] }],
    },
    {
      method: "GET",
      pattern: /^\/v1\/(?:payment_intents|accounts)\/(\w+)$/,
      handle: (_form, id) => {
        const object = id ? objects.get(id) : undefined;
        return object ? [200, object] : [404, { error: { type: "invalid_request_error", message: "No such object" } }];
      },
    },
  ];

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      const form = new URLSearchParams(body);
      const path = req.url ?? "";
      requests.push({ method: req.method ?? "", path, idempotencyKey, form });
      const send = (status: number, json: Json) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const cached = idempotencyKey ? byIdempotencyKey.get(`${path}|${idempotencyKey}`) : undefined;
      if (cached) return send(cached.status as number, cached.body as Json);
      for (const route of routes) {
        const match = req.method === route.method ? route.pattern.exec(path) : null;
        if (!match) continue;
        const [status, json] = route.handle(form, match[1]);
        if (idempotencyKey) byIdempotencyKey.set(`${path}|${idempotencyKey}`, { status, body: json });
        return send(status, json);
      }
      send(404, { error: { type: "invalid_request_error", message: "Unknown endpoint" } });
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    server: server as Server,
    port,
    requests,
    objects,
    refusedDestinations,
    endpoint: { host: "127.0.0.1", port, protocol: "http" as const },
    /**
     * Marks a connected account as onboarded, as Stripe does when its owner finishes the hosted form: the holder's name
     * and a bank account with its fingerprint (the same for the same bank account in any connected account).
     */
    completeOnboarding(
      accountId: string,
      holder = { firstName: "Test", lastName: "Promoter", bankFingerprint: "fp_standin" },
    ) {
      const account = objects.get(accountId);
      if (account) {
        Object.assign(account, {
          details_submitted: true,
          payouts_enabled: true,
          requirements: { currently_due: [], past_due: [], eventually_due: [] },
          individual: { object: "person", first_name: holder.firstName, last_name: holder.lastName },
          external_accounts: {
            object: "list",
            data: [
              { object: "bank_account", fingerprint: holder.bankFingerprint, last4: "6789", country: account.country },
            ],
          },
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
