import { Center, Text } from "@mantine/core";
import { MSG_SESION } from "@portal/contracts";

/** Any path not in the route table (spec §2, §8): exactly 'No page'. */
export function NotFound() {
  return (
    <Center py={64}>
      <Text size="xl" fw={600} c="dimmed">
        {MSG_SESION.noPage}
      </Text>
    </Center>
  );
}
