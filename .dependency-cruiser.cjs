/**
 * The order of the server's areas (ADR 029): each imports only those before it, so a shared service lives in its own
 * folder or in the lower area, never inside the first area that needed it. `npm run lint` runs this; a new upward
 * import fails CI. The composition root (app.ts, server.ts, main.ts, serve-app.ts) and the test support may import any.
 * Every .ts and .tsx file is read, tests included (scripts/swc-reads-tsx.mjs turns swc's JSX on for .tsx).
 */

/** Lowest first. The kernel is the server's top-level files that every area may use. */
const areas = [
  ["kernel", "src/server/(config|errors|evict-oldest|ids|logger|redact|version)\\.ts$"],
  ["net", "src/server/net/"],
  ["db", "src/server/db/"],
  ["http", "src/server/http/"],
  ["payments", "src/server/payments/"],
  ["metrics", "src/server/metrics/"],
  ["live", "src/server/live/"],
  ["mail", "src/server/mail/"],
  ["audit", "src/server/audit/"],
  ["webhooks", "src/server/webhooks/"],
  ["context", "src/server/context/"],
  ["accounts", "src/server/accounts/"],
  ["notifications", "src/server/notifications/"],
  ["contact", "src/server/contact/"],
  ["client-errors", "src/server/client-errors/"],
  ["artwork", "src/server/artwork/"],
  ["fraud", "src/server/fraud/"],
  ["tracking", "src/server/tracking/"],
  ["payouts", "src/server/payouts/"],
  ["campaigns", "src/server/campaigns/"],
  ["account-deletion", "src/server/account-deletion/"],
  ["leaderboards", "src/server/leaderboards/"],
  ["embeds", "src/server/embeds/"],
  ["artists", "src/server/artists/"],
  ["promoters", "src/server/promoters/"],
  ["web", "src/server/web/"],
  ["jobs", "src/server/jobs/"],
  ["diagnostics", "src/server/diagnostics/"],
  ["admin", "src/server/admin/"],
  ["public-api", "src/server/public-api/"],
  ["seed", "src/server/seed/"],
];

const tests = "\\.test\\.tsx?$";

const upward = areas.map(([name, path], index) => ({
  name: `no-upward-import-from-${name}`,
  comment: `${name} may import only the areas before it: ${areas
    .slice(0, index)
    .map(([lower]) => lower)
    .join(", ")}`,
  severity: "error",
  from: { path, pathNot: tests },
  to: { path: areas.slice(index + 1).map(([, higher]) => higher) },
}));

module.exports = {
  forbidden: [
    ...upward.filter((rule) => rule.to.path.length > 0),
    {
      name: "areas-not-from-root-or-testing",
      comment: "No area imports the composition root or the test support.",
      severity: "error",
      from: {
        path: "src/server/",
        pathNot: ["src/server/(app|server|main|serve-app)\\.ts$", "src/server/testing/", tests],
      },
      to: { path: ["src/server/(app|server|main|serve-app)\\.ts$", "src/server/testing/"] },
    },
    {
      name: "core-imports-no-io",
      comment: "src/core holds rules shared by server and browser: it imports neither.",
      severity: "error",
      from: { path: "src/core/" },
      to: { path: ["src/server/", "src/web/"] },
    },
    {
      name: "web-not-from-server",
      comment: "The browser's code never imports the server's.",
      severity: "error",
      from: { path: "src/web/" },
      to: { path: "src/server/" },
    },
    {
      name: "no-circular",
      comment: "Modules of the server do not import each other in a circle.",
      severity: "error",
      from: { path: "src/server/", pathNot: tests },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to use, so swc parses the sources, .tsx included
    // (scripts/swc-reads-tsx.mjs turns its JSX on for them).
    exclude: { path: ["node_modules", "dist"] },
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
