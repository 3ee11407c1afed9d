import { apiGetFile } from "./api-client";

/** How long an opened file's object URL lives; the new window has loaded it well before. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a stored file (GET /api/archivos/{id}) in a new window. The download needs the
 * x-access-token header, which window.open cannot send, so the file is fetched here and shown
 * through an object URL. The window is opened synchronously, inside the click, so pop-up blockers
 * let it through; it is pointed at the file once it arrives and closed again if the download fails.
 */
export async function openProtectedFile(url: string, type = "application/pdf"): Promise<void> {
  const target = window.open("", "_blank");
  try {
    const { blob } = await apiGetFile(url, type);
    const objectUrl = URL.createObjectURL(blob);
    if (target && !target.closed) target.location.href = objectUrl;
    else window.open(objectUrl, "_blank");
    setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/**
 * Downloads a stored file (GET /api/archivos/{id}) under the name the server gives it, or `fallbackName`.
 * Same reason as above for fetching it here: the token travels in a header. The bytes are handed to the
 * browser through an object URL and a temporary link with `download`, which is a real download.
 */
export async function downloadProtectedFile(
  url: string,
  fallbackName: string,
  type = "application/pdf",
): Promise<void> {
  const { blob, fileName } = await apiGetFile(url, type);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = fileName ?? fallbackName;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
}
