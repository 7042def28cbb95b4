import { Copy, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type WebhookEndpointView, webhooksApi } from "../../../core/api/webhooks";
import { type WebhookEndpointStatus, webhookEndpointStatus } from "../../../core/vocabulary";
import {
  WEBHOOK_LOG_RETENTION_DAYS,
  type WebhookEventType,
  webhookEndpointStatusLabels,
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
} from "../../../core/webhooks";
import { copyWithToast } from "../../lib/clipboard";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CheckboxList } from "../ui/checkbox-list";
import { useConfirm } from "../ui/confirm-dialog";
import { QueryState } from "../ui/query-state";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");
const statusTone = { delivered: "success", failed: "warning", queued: "neutral", sending: "neutral" } as const;
const endpointTone = {
  active: "success",
  disabled: "warning",
  suspended: "danger",
} as const satisfies Record<WebhookEndpointStatus, string>;

/** An endpoint's delivery log: each event, its attempts (answer, time, error), and Replay. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const log = useApi(webhooksApi.deliveries, { params: { id: endpoint.id } }, { refetchInterval: 5_000 });
  const replay = useApiMutation(webhooksApi.replay, {
    invalidates: [webhooksApi.deliveries],
    onSuccess: () => toast.success("Replay queued: it is sent within seconds"),
    onError: (error) => toast.error(failure(error, "Failed to replay the delivery")),
  });
  return (
    <QueryState query={log} loadingLabel="Loading the delivery log" errorTitle="The delivery log could not be loaded">
      {({ deliveries }) =>
        deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing sent yet.</p>
        ) : (
          <>
            <p className="text-xs text-slate-500">
              Deliveries stay here for {WEBHOOK_LOG_RETENTION_DAYS} days after they are delivered or given up.
            </p>
            <ul className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {deliveries.map((delivery) => (
                <li key={delivery.id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex flex-wrap items-center gap-2">
                      <code className="text-xs">{delivery.event_type}</code>
                      <Badge tone={statusTone[delivery.status]}>{delivery.status}</Badge>
                      <span className="text-xs text-slate-500">{when(delivery.created_at)}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={replay.isPending && replay.variables?.params.deliveryId === delivery.id}
                      onClick={() => replay.mutate({ params: { id: endpoint.id, deliveryId: delivery.id } })}
                    >
                      Replay
                    </Button>
                  </div>
                  <ol className="flex flex-col gap-0.5 text-xs text-slate-600">
                    {delivery.log.map((attempt) => (
                      <li key={attempt.attempted_at}>
                        {when(attempt.attempted_at)}: {attempt.response_status ?? "no answer"} in {attempt.duration_ms}{" "}
                        ms
                        {attempt.error ? ` · ${attempt.error}` : ""}
                      </li>
                    ))}
                  </ol>
                  {delivery.status === "failed" && delivery.next_attempt_at ? (
                    <p className="text-xs text-amber-800">Next attempt {when(delivery.next_attempt_at)}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )
      }
    </QueryState>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [logShown, setLogShown] = useState(false);
  const [secretShown, setSecretShown] = useState(false);
  const { confirm, dialog } = useConfirm();
  const refresh = { invalidates: [webhooksApi.list, webhooksApi.deliveries] };
  const onError = (fallback: string) => (error: unknown) => toast.error(failure(error, fallback));
  const sendTest = useApiMutation(webhooksApi.sendTest, {
    ...refresh,
    onSuccess: () => toast.success("Test event queued: it is sent within seconds"),
    onError: onError("Failed to send a test event"),
  });
  const rotate = useApiMutation(webhooksApi.rotateSecret, {
    ...refresh,
    onSuccess: () => toast.success("New secret made: the old one still signs for 24 hours"),
    onError: onError("Failed to rotate the secret"),
  });
  const enable = useApiMutation(webhooksApi.enable, {
    ...refresh,
    onSuccess: () => toast.success("Endpoint enabled"),
    onError: onError("Failed to enable the endpoint"),
  });
  // A deleted endpoint's log is gone with it: close it at once and never ask for it again (it would answer 404).
  const remove = useApiMutation(webhooksApi.remove, {
    invalidates: [webhooksApi.list],
    onSuccess: () => {
      setLogShown(false);
      toast.success("Endpoint deleted");
    },
    onError: onError("Failed to delete the endpoint"),
  });
  const params = { params: { id: endpoint.id } };
  return (
    <li className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-sm font-semibold break-all text-slate-900">{endpoint.url}</code>
        <Badge tone={endpointTone[endpoint.status]}>{webhookEndpointStatusLabels[endpoint.status]}</Badge>
      </div>
      {endpoint.status === webhookEndpointStatus.suspended ? (
        <p className="text-xs text-red-800">
          Your account is banned: no events are queued or sent to this endpoint until the ban is lifted.
        </p>
      ) : endpoint.disabled_reason ? (
        <p className="text-xs text-amber-800">{endpoint.disabled_reason}</p>
      ) : null}
      <p className="text-xs text-slate-600">{endpoint.events.join(" · ")}</p>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium text-slate-700">Signing secret</span>
        <code className="rounded bg-slate-100 px-2 py-1 break-all">
          {secretShown ? endpoint.secret : `${endpoint.secret.slice(0, 10)}…`}
        </code>
        <Button size="sm" variant="secondary" onClick={() => setSecretShown((shown) => !shown)}>
          {secretShown ? "Hide Secret" : "Show Secret"}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            copyWithToast(endpoint.secret, {
              copied: "Signing secret copied to clipboard",
              failed: "Could not copy: show the secret and copy it",
            })
          }
        >
          <Copy className="h-3.5 w-3.5" aria-hidden /> Copy Secret
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={sendTest.isPending} onClick={() => sendTest.mutate(params)}>
          <Send className="h-3.5 w-3.5" aria-hidden /> Send Test Event
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setLogShown((shown) => !shown)}>
          {logShown ? "Hide Delivery Log" : "Delivery Log"}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={rotate.isPending}
          onClick={async () => {
            const confirmed = await confirm({
              title: "Rotate the signing secret?",
              description:
                "Events are signed with a new secret. The old one keeps signing beside it for 24 hours, so you can switch your receiver over.",
              confirmLabel: "Rotate Secret",
            });
            if (confirmed) rotate.mutate(params);
          }}
        >
          Rotate Secret
        </Button>
        {endpoint.status === webhookEndpointStatus.disabled ? (
          <Button size="sm" variant="secondary" loading={enable.isPending} onClick={() => enable.mutate(params)}>
            Enable
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          loading={remove.isPending}
          onClick={async () => {
            const confirmed = await confirm({
              title: "Delete this endpoint?",
              description: `${endpoint.url} receives no more events, and its delivery log is deleted.`,
              confirmLabel: "Delete Endpoint",
              tone: "danger",
            });
            if (confirmed) remove.mutate(params);
          }}
        >
          Delete
        </Button>
      </div>
      {logShown ? <DeliveryLog endpoint={endpoint} /> : null}
      {dialog}
    </li>
  );
}

/** An artist's webhook endpoints: events signed per Standard Webhooks, with a delivery log and replay. */
export function WebhooksSection() {
  const endpoints = useApi(webhooksApi.list);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string>();
  const create = useApiMutation(webhooksApi.create, {
    invalidates: [webhooksApi.list],
    onSuccess: () => toast.success("Endpoint added"),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (events.length === 0) return setError(webhookMessages.eventsRequired);
    try {
      await create.mutateAsync({ body: { url: url.trim(), events } });
      setUrl("");
      setEvents([]);
    } catch (failed) {
      setError(failure(failed, "Failed to add the endpoint"));
    }
  };
  return (
    <Section
      title="Webhooks"
      lead="FanBoost calls your server when something happens to your campaigns. Each request is signed (Standard Webhooks): check it with the endpoint's secret."
    >
      <span id="webhooks" />
      <QueryState query={endpoints} loadingLabel="Loading your webhooks" errorTitle="Your webhooks could not be loaded">
        {(list) =>
          list.endpoints.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {list.endpoints.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No endpoints yet.</p>
          )
        }
      </QueryState>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextField
          label="Endpoint URL"
          type="url"
          placeholder="https://example.com/fanboost-webhooks"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <CheckboxList
          legend="Events"
          options={webhookEventTypes.map((type) => ({ value: type, label: webhookEventLabels[type] }))}
          selected={events}
          onChange={setEvents}
          technical
        />
        {error ? (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={create.isPending}>
            Add Endpoint
          </Button>
        </div>
      </form>
    </Section>
  );
}
