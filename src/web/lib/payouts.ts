import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { type PayoutAccountStatus, payoutsApi } from "../../core/api/payouts";
import { ApiError } from "./api";
import { apiKey, callApi, useApi, useApiWrite } from "./use-api";

export function useEarnings(enabled: boolean) {
  return useApi(payoutsApi.earnings, {}, { enabled, refetchInterval: 30_000 });
}

/** SPEC.md payout setup status texts. */
export function payoutStatusMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Please sign in to check payout status";
  if (error instanceof ApiError && error.status >= 500) return "Failed to check payout status";
  return "Status check failed";
}

export function usePayoutAccount(enabled: boolean) {
  return useApi(payoutsApi.account, {}, { enabled, retry: false });
}

const POPUP_FEATURES = "width=800,height=600";
const POLL_MS = 2_000;
const ABANDON_MS = 600_000;
const popupBlocked = "Popup blocked. Please allow popups and try again.";

/**
 * The payout onboarding popup of SPEC.md: opens an 800x600 window at the provider's onboarding link (creating the
 * account first when needed), polls the status every 2 s while it is open, gives up after 10 minutes, and checks
 * once more when it closes; `onEnabled` runs only when details are submitted and payouts enabled, and with
 * `needsTaxInfo` (a payout waits for it) when the provider also has the tax form.
 */
export function usePayoutSetup(onEnabled: () => void, needsTaxInfo = false) {
  const queryClient = useQueryClient();
  const write = useApiWrite();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stopPolling = useRef<() => void>(() => undefined);

  useEffect(() => () => stopPolling.current(), []);

  const checkStatus = useCallback(async () => {
    const status = await queryClient.fetchQuery({
      queryKey: apiKey(payoutsApi.account, {}),
      queryFn: () => callApi(payoutsApi.account),
      staleTime: 0,
    });
    return status;
  }, [queryClient]);

  const start = useCallback(async () => {
    const ready = (status: PayoutAccountStatus) =>
      status.details_submitted && status.payouts_enabled && (!needsTaxInfo || status.tax_info_on_file);
    setError(null);
    // Opened inside the click so the browser allows it; pointed at the onboarding link once it exists.
    const popup = window.open("", "fanboost-payout-setup", POPUP_FEATURES);
    if (!popup) {
      setError(popupBlocked);
      return;
    }
    setBusy(true);
    try {
      const status = await checkStatus();
      if (!status.hasAccount) {
        await write(payoutsApi.createAccount, {}).catch((cause: unknown) => {
          throw new Error(cause instanceof ApiError ? cause.message : "Could not create account");
        });
      }
      const { url } = await write(payoutsApi.accountLink, {}).catch((cause: unknown) => {
        throw new Error(cause instanceof ApiError ? cause.message : "Could not create account link");
      });
      popup.location.href = url;
    } catch (cause) {
      popup.close();
      setBusy(false);
      setError(cause instanceof Error && cause.message ? cause.message : "Something went wrong. Try again.");
      return;
    }

    stopPolling.current();
    const startedAt = Date.now();
    let finished = false;
    const finish = async () => {
      if (finished) return;
      finished = true;
      stopPolling.current();
      setBusy(false);
      try {
        const status = await checkStatus();
        // The earnings show payouts waiting for the account or its tax form: they may have moved on.
        await queryClient.invalidateQueries({ queryKey: apiKey(payoutsApi.earnings) });
        if (ready(status)) onEnabled();
      } catch (cause) {
        setError(payoutStatusMessage(cause));
      }
    };
    const timer = window.setInterval(async () => {
      if (popup.closed) return finish();
      if (Date.now() - startedAt > ABANDON_MS) {
        stopPolling.current();
        setBusy(false);
        return;
      }
      try {
        const status = await checkStatus();
        if (ready(status)) {
          popup.close();
          await finish();
        }
      } catch {
        // A failed poll is retried on the next tick; the final check reports errors.
      }
    }, POLL_MS);
    stopPolling.current = () => window.clearInterval(timer);
  }, [checkStatus, onEnabled, write, needsTaxInfo, queryClient]);

  return { start, busy, error, clearError: () => setError(null) };
}
