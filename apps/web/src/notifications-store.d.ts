// The alias in vite.config.ts: Mantine's toast store module alone (decision 017).
declare module "portal:notifications-store" {
  export { notifications, useNotifications } from "@mantine/notifications";
}
