import { CHUNK_LOAD_TIMEOUT_MS } from "./constants";

export const CHUNK_LOAD_MESSAGE = "No se pudo cargar una parte de la aplicación. Recargue la página.";

export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

/**
 * Spec §8: a lazily loaded script chunk that has not arrived after 120 s is reported as a chunk load
 * error (the route's error screen shows it) instead of leaving the user on a blank page.
 */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(CHUNK_LOAD_MESSAGE)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
