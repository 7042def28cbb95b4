import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "../../core/auth-rules";
import { validationFailedMessage } from "../../core/text-rules";
import { ApiError } from "./api";
import { toast } from "./toast";

type Values = Record<string, string | boolean>;
/** The form's keys whose values are text (inputs), and those that are yes or no (checkboxes). */
type TextKey<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form];
type FlagKey<Form> = { [K in keyof Form]: Form[K] extends boolean ? K : never }[keyof Form];

/**
 * A form's values and errors, checked with the same zod schema the server uses. `toInput` turns the form's values into
 * what the schema (and the API) reads, and `fieldOf` names the form field a schema or server field belongs to. After
 * a refusal, from the schema or the server, focus goes to the first field that needs fixing.
 */
export function useZodForm<Form extends Values, Schema extends z.ZodType>(options: {
  schema: Schema;
  initial: Form;
  toInput?: (values: Form) => unknown;
  fieldOf?: Partial<Record<string, keyof Form>>;
}) {
  const { schema, toInput = (values: Form) => values, fieldOf = {} } = options;
  const [values, setValues] = useState<Form>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = useCallback(() => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }, []);

  /** Errors keyed by schema or server field name, shown on their form fields. */
  const showErrors = useCallback(
    (byField: Record<string, string>) => {
      const mapped: Partial<Record<keyof Form, string>> = {};
      for (const [name, message] of Object.entries(byField)) {
        const key = (fieldOf[name] ?? name) as keyof Form;
        mapped[key] ??= message;
      }
      setErrors(mapped);
      focusFirstInvalid();
    },
    [fieldOf, focusFirstInvalid],
  );

  const set = useCallback(<K extends keyof Form>(key: K, value: Form[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // SPEC.md section 5: a field's error clears when it is edited.
    setErrors(({ [key]: _cleared, ...rest }) => rest as Partial<Record<keyof Form, string>>);
  }, []);

  /** Refuses the form as the browser checked it: each error on its field, and all of them in SPEC.md's warning toast. */
  const refuse = useCallback(
    (byField: Record<string, string>) => {
      showErrors(byField);
      toast.warning(validationFailedMessage(Object.values(byField)));
    },
    [showErrors],
  );

  /** The parsed input, or null after showing what is wrong. */
  const validate = (): z.output<Schema> | null => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    refuse(fieldErrors(parsed.error));
    return null;
  };

  /** Shows a server refusal's field errors; true when it had some. */
  const showServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.fields) return false;
    showErrors(error.fields);
    return true;
  };

  /** The props that wire a text field to a form key. */
  const field = <K extends TextKey<Form>>(key: K) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as Form[K]),
  });

  /** The props that wire a checkbox to a yes-or-no form key. */
  const checkbox = <K extends FlagKey<Form>>(key: K) => ({
    checked: values[key] as boolean,
    error: errors[key],
    onChange: (event: { target: { checked: boolean } }) => set(key, event.target.checked as Form[K]),
  });

  return {
    values,
    setValues,
    errors,
    setErrors,
    set,
    field,
    checkbox,
    validate,
    refuse,
    showErrors,
    showServerErrors,
    formRef,
    /** `onSubmit` for the form element: prevents the browser's submission, then runs `handler`. */
    onSubmit: (handler: () => void | Promise<void>) => (event: FormEvent) => {
      event.preventDefault();
      void handler();
    },
  };
}
