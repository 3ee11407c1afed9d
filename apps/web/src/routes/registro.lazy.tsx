import { createLazyRoute, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { RegistroProveedor } from "../features/invitaciones/components/registro-proveedor";

/** The link's token is read once and kept in memory; the address bar then drops it (as /RestablecerPassword does). */
function RegistroScreen() {
  const search = useSearch({ from: "/Registro" });
  const navigate = useNavigate();
  const [token] = useState(search.token);
  useEffect(() => {
    if (search.token !== undefined) void navigate({ to: "/Registro", search: {}, replace: true });
  }, [search.token, navigate]);
  return <RegistroProveedor token={token} />;
}

export const Route = createLazyRoute("/Registro")({ component: RegistroScreen });
