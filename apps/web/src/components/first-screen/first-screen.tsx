import { IconEye, IconEyeOff } from "@tabler/icons-react";
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import classes from "./first-screen.module.css";

/**
 * The first screen's controls (landing and login, decision 017): plain elements drawn like the Mantine components
 * of the other screens, so that screen loads none of Mantine's JavaScript. Keep them few: anything beyond the
 * landing and the login form belongs to Mantine.
 */

export { classes as firstScreenClasses };

export function PlainButton({
  children,
  type = "button",
  isBusy = false,
  rightIcon,
  variant = "filled",
  onClick,
}: {
  children: ReactNode;
  /** Filled in the primary colour and full width, or Mantine's white "default". */
  variant?: "filled" | "default";
  type?: "button" | "submit";
  /** Shows a spinner and ignores clicks (the label stays for screen readers). */
  isBusy?: boolean;
  rightIcon?: ReactNode;
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className={variant === "default" ? `${classes.button} ${classes.buttonDefault}` : classes.button}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      onClick={onClick}
    >
      {isBusy ? <span className={classes.spinner} aria-hidden /> : null}
      {children}
      {rightIcon}
    </button>
  );
}

export function PlainAlert({
  color,
  icon,
  role,
  className,
  children,
}: {
  color: "red" | "yellow";
  icon: ReactNode;
  role: "alert" | "status";
  className?: string;
  children: ReactNode;
}) {
  const colorClass = color === "red" ? classes.alertRed : classes.alertYellow;
  return (
    <div role={role} className={[classes.alert, colorClass, className].filter(Boolean).join(" ")}>
      {icon}
      <div>{children}</div>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "id"> & {
  label: string;
  error?: string | undefined;
  id?: string;
  /** A short help text under the label (announced with the input: aria-describedby). */
  description?: string | undefined;
};

/** A labelled text input with its required mark and its message (announced: aria-invalid, aria-describedby). */
export function PlainTextField({ label, error, id, required, description, ...input }: FieldProps) {
  return (
    <Field label={label} error={error} id={id} required={required} description={description}>
      {(ids) => <input {...input} {...ids} required={required} type="text" className={classes.input} />}
    </Field>
  );
}

/** A password input with a focusable show/hide button (named by its title, so "Contraseña" labels only the input). */
export function PlainPasswordField({ label, error, id, required, ...input }: FieldProps) {
  const [reveal, setReveal] = useState(false);
  return (
    <Field label={label} error={error} id={id} required={required}>
      {(ids) => (
        <div className={classes.inputBox}>
          <input
            {...input}
            {...ids}
            required={required}
            type={reveal ? "text" : "password"}
            className={`${classes.input} ${classes.withToggle}`}
          />
          <button
            type="button"
            className={classes.toggle}
            title="Mostrar u ocultar la contraseña"
            aria-pressed={reveal}
            aria-controls={ids.id}
            onClick={() => setReveal((shown) => !shown)}
          >
            {reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          </button>
        </div>
      )}
    </Field>
  );
}

interface InputIds {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function Field({
  label,
  error,
  id,
  required,
  description,
  children,
}: {
  label: string;
  error: string | undefined;
  id: string | undefined;
  required: boolean | undefined;
  description?: string | undefined;
  children: (ids: InputIds) => ReactNode;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const describedBy = [description ? descriptionId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={classes.field}>
      <label htmlFor={inputId} className={classes.label}>
        {label}
        {required ? (
          <span className={classes.required} aria-hidden>
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={descriptionId} className={classes.description}>
          {description}
        </p>
      ) : null}
      {children({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
