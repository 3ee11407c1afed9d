import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { IconEye, IconEyeOff } from "@tabler/icons-react";

export interface PasswordFieldProps extends PasswordInputProps {
  /** The input's id; its error message is linked as `${id}-error`. */
  id: string;
  /** Whether the field shows an error now (marks the input invalid and links the message). */
  hasError: boolean;
}

/**
 * A password input whose eye button is named by its title ('Mostrar u ocultar la contraseña') and whose
 * error message is linked to the input, so a screen reader hears it.
 */
export function PasswordField({ id, hasError, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      id={id}
      aria-invalid={hasError ? true : undefined}
      aria-describedby={hasError ? `${id}-error` : undefined}
      visibilityToggleIcon={({ reveal }) =>
        reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
      }
      visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
      {...props}
    />
  );
}
