import { CheckCheck, Mail, MessageSquare } from "lucide-react";
import { useState } from "react";
import { adminApi, type OutboxEmail } from "../../../core/api/admin";
import { inquiryTypes } from "../../../core/contact-rules";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { QueryState } from "../ui/query-state";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";

const typeLabel = (type: string) => inquiryTypes.find((inquiry) => inquiry.value === type)?.label ?? type;

function ContactMessages() {
  const [status, setStatus] = useState<"open" | "all">("open");
  const messages = useApi(adminApi.messages, { query: { status } });
  const handled = useApiMutation(adminApi.markMessageHandled, { invalidates: [adminApi.messages] });
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 self-start text-sm text-slate-700">
        <input
          type="checkbox"
          checked={status === "all"}
          onChange={(event) => setStatus(event.target.checked ? "all" : "open")}
          className="h-4 w-4 accent-brand-600"
        />
        Show handled messages too
      </label>
      <QueryState
        query={messages}
        loadingLabel="Loading messages"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="py-8 text-center text-sm text-slate-600">No open messages.</p>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((message) => (
              <li key={message.id}>
                <Card>
                  <CardBody className="flex flex-col gap-2">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-slate-900">{message.subject}</p>
                        <p className="text-xs break-all text-slate-600">
                          {message.name} &lt;{message.email}&gt; · {new Date(message.created_at).toLocaleString()}
                        </p>
                      </div>
                      <Badge tone="brand">{typeLabel(message.type)}</Badge>
                    </div>
                    <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{message.message}</p>
                    {message.handled_at ? (
                      <p className="text-xs text-emerald-700">
                        Handled {new Date(message.handled_at).toLocaleString()}
                      </p>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="self-start"
                        loading={handled.isPending && handled.variables?.params.id === message.id}
                        onClick={() => handled.mutate({ params: { id: message.id } })}
                      >
                        <CheckCheck className="h-4 w-4" aria-hidden /> Mark handled
                      </Button>
                    )}
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

const mailStatusTone = { queued: "neutral", sending: "brand", sent: "success", failed: "danger" } as const;
const mailStatusLabel = (mail: OutboxEmail) =>
  mail.status === "sent"
    ? mail.transport === "outbox"
      ? "Kept"
      : "Sent"
    : mail.status[0]?.toUpperCase() + mail.status.slice(1);

/**
 * An email's HTML part as its recipient's mail app shows it, in a sandboxed frame: none of its scripts run, and the
 * page's own policy still governs what it may load.
 */
function EmailPreview({ mail }: { mail: OutboxEmail }) {
  const html = useApi(adminApi.emailHtml, { params: { id: mail.id } });
  return (
    <QueryState query={html} loadingLabel="Loading the email">
      {(data) => (
        <iframe
          sandbox=""
          srcDoc={data.html}
          title={`Email: ${mail.subject}`}
          className="mt-3 h-[36rem] w-full rounded-xl bg-slate-50 ring-1 ring-slate-200"
        />
      )}
    </QueryState>
  );
}

/** One email: the plain-text part, or the HTML part when asked. */
function OutboxEmailBody({ mail }: { mail: OutboxEmail }) {
  const [view, setView] = useState<"text" | "html">("text");
  return (
    <>
      {mail.has_html ? (
        <fieldset className="mt-3 flex gap-2">
          <legend className="sr-only">Show the email as</legend>
          {(["text", "html"] as const).map((each) => (
            <Button
              key={each}
              size="sm"
              variant={view === each ? "primary" : "secondary"}
              aria-pressed={view === each}
              onClick={() => setView(each)}
            >
              {each === "text" ? "Plain text" : "HTML"}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {view === "html" ? (
        <EmailPreview mail={mail} />
      ) : (
        <pre className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-700">{mail.text}</pre>
      )}
    </>
  );
}

function Outbox() {
  const outbox = useApi(adminApi.outbox, {}, { refetchInterval: 10_000 });
  const resend = useApiMutation(adminApi.resendEmail, {
    invalidates: [adminApi.outbox],
    onSuccess: () => toast.success("Queued to be sent again"),
    onError: toastRequestError,
  });
  return (
    <QueryState
      query={outbox}
      loadingLabel="Loading emails"
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="py-8 text-center text-sm text-slate-600">No emails yet.</p>}
    >
      {(data) => (
        <ul className="flex flex-col gap-2">
          {data.items.map((mail) => (
            <li key={mail.id}>
              <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <summary className="cursor-pointer">
                  <span className="font-semibold break-words text-slate-900">{mail.subject}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs break-all text-slate-600">
                    <Badge tone={mailStatusTone[mail.status]}>{mailStatusLabel(mail)}</Badge>
                    To {mail.to} · {new Date(mail.created_at).toLocaleString()} ·{" "}
                    {mail.transport === "outbox" ? "dev outbox" : "SMTP"}
                    {mail.attempts > 1 ? ` · ${mail.attempts} attempts` : ""}
                  </span>
                </summary>
                {mail.last_error && mail.status !== "sent" ? (
                  <p className="mt-3 text-sm break-words text-red-700">
                    {mail.last_error}
                    {mail.next_attempt_at
                      ? ` · next try ${new Date(mail.next_attempt_at).toLocaleString()}`
                      : " · given up"}
                  </p>
                ) : null}
                {mail.status === "failed" ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="mt-3"
                    loading={resend.isPending && resend.variables?.params?.id === mail.id}
                    onClick={() => resend.mutate({ params: { id: mail.id } })}
                  >
                    Resend
                  </Button>
                ) : null}
                <OutboxEmailBody mail={mail} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** Contact messages, and every email the app sent or kept in the dev outbox (password resets without SMTP). */
export function MessagesTab() {
  const [view, setView] = useState<"contact" | "outbox">("contact");
  return (
    <Tabs value={view} onValueChange={setView}>
      <TabList label="Messages">
        <Tab value="contact" className="flex items-center gap-1.5">
          <MessageSquare className="h-4 w-4" aria-hidden /> Contact messages
        </Tab>
        <Tab value="outbox" className="flex items-center gap-1.5">
          <Mail className="h-4 w-4" aria-hidden /> Emails
        </Tab>
      </TabList>
      <TabPanel value="contact" className="mt-4">
        <ContactMessages />
      </TabPanel>
      <TabPanel value="outbox" className="mt-4">
        <Outbox />
      </TabPanel>
    </Tabs>
  );
}
