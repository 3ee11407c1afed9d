import { Button, Group } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface FormActionsProps {
  /** The submit button's text: 'Crear', 'Actualizar' or 'Agregar' (spec §4 form mode). */
  submitLabel: string;
  onBack: () => void;
  isPending: boolean;
  /** Read-only for the role, already saved, or waiting for a file to be read. */
  isSubmitDisabled: boolean;
  icon?: ReactNode;
}

/** The footer every catalogue and upload form shares: 'Regresar' and the submit button, disabled while saving. */
export function FormActions({ submitLabel, onBack, isPending, isSubmitDisabled, icon }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onBack} disabled={isPending}>
        Regresar
      </Button>
      <Button
        type="submit"
        leftSection={icon ?? <IconDeviceFloppy size={18} aria-hidden />}
        loading={isPending}
        disabled={isSubmitDisabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
