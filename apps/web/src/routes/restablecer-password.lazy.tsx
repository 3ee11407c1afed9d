import { createLazyRoute, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { RestablecerPassword } from "../features/legal/components/restablecer-password";

/**
 * The link's token is read once and kept in memory; the address bar then drops it (replace), so it stays out of the
 * browser's history and of anything that reads the address later.
 */
function RestablecerPasswordScreen() {
  const search = useSearch({ from: "/RestablecerPassword" });
  const navigate = useNavigate();
  const [token] = useState(search.token);
  useEffect(() => {
    if (search.token !== undefined) void navigate({ to: "/RestablecerPassword", search: {}, replace: true });
  }, [search.token, navigate]);
  return <RestablecerPassword token={token} />;
}

export const Route = createLazyRoute("/RestablecerPassword")({ component: RestablecerPasswordScreen });
