import { API_KEY_REQUESTS_PER_MINUTE } from "../../core/api-keys.js";
import { escapeHtml } from "../../core/escape-html.js";

/** What the reference page reads of the OpenAPI document. */
type Operation = {
  summary?: string;
  description?: string;
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  paths?: object;
};

const styles = `*{box-sizing:border-box}body{margin:0;background:#f8fafc;color:#0f172a;font:15px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:860px;margin:0 auto;padding:32px 20px}h1{font-size:28px;margin:0 0 6px}h2{font-size:18px;margin:0}
p{color:#334155}code{background:#eef2ff;border-radius:6px;padding:1px 6px;font-size:13px}a{color:#6d28d9}
section{background:#fff;border-radius:14px;padding:18px 20px;margin:14px 0;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.method{display:inline-block;min-width:52px;border-radius:8px;padding:2px 8px;margin-right:8px;font:600 12px ui-monospace,monospace;color:#fff;background:#6d28d9;text-align:center}
.method.get{background:#047857}ul{padding-left:20px;color:#334155}`;

/** A description in HTML: escaped, its `code` spans set as code. */
const prose = (text: string | undefined) => escapeHtml(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");

/**
 * The public API's reference page (`/api/v1/docs`), rendered on the server from the same OpenAPI document the API
 * serves, so it cannot drift from the routes; no script, nothing fetched from elsewhere.
 */
export function renderReferencePage(doc: Document, base: string): string {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const answers = Object.entries(operation.responses ?? {})
        .map(
          ([status, answer]) => `<li><code>${escapeHtml(status)}</code> ${escapeHtml(answer.description ?? "")}</li>`,
        )
        .join("");
      return `<section><h2><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span><code>${escapeHtml(base + path)}</code></h2>
<p><strong>${escapeHtml(operation.summary ?? "")}</strong>. ${prose(operation.description)}</p>
${operation.requestBody ? "<p>Body: JSON, as the schema in the OpenAPI document describes it.</p>" : ""}<ul>${answers}</ul></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title><style>${styles}</style></head><body><main>
<h1>${escapeHtml(doc.info.title)} v${escapeHtml(doc.info.version)}</h1><p>${escapeHtml(doc.info.description ?? "")}</p>
<section><h2>Using it</h2><ul>
<li>Create a key in Settings → API keys, with the scopes it needs. It is shown once; FanBoost keeps only its hash.</li>
<li>Send it with every request: <code>Authorization: Bearer fb_…</code>. A revoked key is refused with 401, a missing scope with 403.</li>
<li>Each key may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute; past that the answer is 429 with <code>Retry-After</code>. Every request is recorded with its key.</li>
<li>Errors have one shape: <code>{ "error": { "code", "message", "fields"? } }</code>. Amounts are US cents; times are ISO 8601 in UTC.</li>
<li>The machine-readable description: <a href="${escapeHtml(base)}/openapi.json">openapi.json</a> (OpenAPI 3.1).</li>
</ul></section>
${operations.join("\n")}
</main></body></html>`;
}
