import { useNotifications } from "portal:notifications-store";
import { lazy, Suspense, useEffect, useState } from "react";
import notificationClasses from "../notifications.module.css";

// The toasts' component (and its transitions) is its own chunk, loaded with the first toast (decision 017).
// Toasts shown before it arrives wait in Mantine's store and appear, with their full duration, once it does.
const Notifications = lazy(() =>
  import("@mantine/notifications").then((module) => ({ default: module.Notifications })),
);

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const hasAny = notifications.length > 0 || queue.length > 0;
  const [isNeeded, setIsNeeded] = useState(hasAny);
  useEffect(() => {
    if (hasAny) setIsNeeded(true);
  }, [hasAny]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="top-right"
        limit={5}
        // Mantine cuts every toast at 200 px; a toast with many messages scrolls its own list instead (issue 40).
        notificationMaxHeight="calc(100vh - 64px - 2rem)"
        classNames={{ root: notificationClasses.root }}
      />
    </Suspense>
  );
}
