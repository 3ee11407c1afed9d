import { createContext } from "react";

/**
 * Set by the test render helpers (`src/test/render-app.tsx`) so that `PortalMantineProvider` runs Mantine with
 * `env="test"`: transitions end at once and portals render in place, as Mantine's testing guide does. The provider
 * honours it only in a test run (`import.meta.env.MODE === "test"`, which vite's build replaces, so a production
 * bundle never turns transitions off). Decision 043.
 */
export const MantineTestEnvContext = createContext(false);
