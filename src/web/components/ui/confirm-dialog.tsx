import { type ReactNode, useCallback, useRef, useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Field, Input } from "./field";

type Request = {
  title: string;
  /** What will happen, in words ("Pay $50.50 to @handle now?"). */
  description: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  /**
   * Asks for a short text with the confirmation (a reason), returned instead of `true`; `required` is the message shown,
   * with the dialog kept open, when it is left blank.
   */
  input?: { label: string; maxLength: number; required?: string };
};

/**
 * The app's own confirmation dialog (not the browser's confirm box): focus trapped, Escape cancels. `confirm()`
 * resolves to false when cancelled, true when confirmed, or the typed text when the request asked for one.
 */
export function useConfirm() {
  const [request, setRequest] = useState<Request | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const settle = useRef<(answer: boolean | string) => void>(() => undefined);

  const confirm = useCallback(
    (next: Request) =>
      new Promise<boolean | string>((resolve) => {
        settle.current = resolve;
        setText("");
        setError(undefined);
        setRequest(next);
      }),
    [],
  );
  const close = (answer: boolean | string) => {
    settle.current(answer);
    setRequest(null);
  };

  const dialog = (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && close(false)}
      title={request?.title ?? ""}
      description={request?.description}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (request?.input?.required && text.trim() === "") {
            setError(request.input.required);
            return;
          }
          close(request?.input ? text.trim() : true);
        }}
      >
        {request?.input ? (
          <Field label={request.input.label} error={error}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                value={text}
                maxLength={request.input?.maxLength}
                aria-describedby={describedBy}
                invalid={invalid}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={request?.tone === "danger" ? "danger" : "primary"}>
            {request?.confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
  return { confirm, dialog };
}
