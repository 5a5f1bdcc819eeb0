/**
 * Downloads from the document server (docs/office-design.md §2.2 "Downloading `url` / `changesurl`
 * safely"): only from the document server — an address under `OFFICE_URL` (rewritten to
 * `OFFICE_INTERNAL_URL`: the backend may not reach the browser-facing address) or under
 * `OFFICE_INTERNAL_URL` —, no redirects followed, a time limit and a size limit (`UPLOAD_MAX_MB`).
 * Anything else is refused without a request.
 */

/** Why a download was refused or failed (the callback answers `{"error":1}`). */
export class DocumentServerDownloadError extends Error {}

/** The time a download may take (§2.2: 30 s). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

/** An http(s) URL or null. */
function parse(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** `base` with its path ending in one slash (`http://ds/` , `https://x/office/`). */
function baseOf(value: string | undefined): URL | null {
  const url = value ? parse(value) : null;
  if (!url) return null;
  url.pathname = url.pathname.replace(/\/*$/, '/');
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * The address the backend fetches for a document server URL, or null when it does not point at the
 * document server: under `publicUrl` → the same path under `internalUrl`; under `internalUrl` → itself.
 */
export function documentServerUrl(raw: unknown, publicUrl: string | undefined, internalUrl: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const url = parse(raw);
  if (!url || url.username || url.password) return null;
  const internal = baseOf(internalUrl ?? publicUrl);
  const pub = baseOf(publicUrl);
  const under = (base: URL | null) => !!base && url.origin === base.origin && url.pathname.startsWith(base.pathname);
  if (under(internal)) return url.toString();
  if (pub && internal && under(pub)) return `${internal.origin}${internal.pathname}${url.pathname.slice(pub.pathname.length)}${url.search}`;
  return null;
}

/** Fetches `url` (already checked by `documentServerUrl`) into memory: at most `maxBytes`, within `timeoutMs`, no redirects. */
export async function downloadFromDocumentServer(url: string, maxBytes: number, timeoutMs: number = DOWNLOAD_TIMEOUT_MS): Promise<Buffer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', signal });
  } catch (e) {
    throw new DocumentServerDownloadError(`download of ${url} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new DocumentServerDownloadError(`download of ${url} answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new DocumentServerDownloadError(`download of ${url} is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new DocumentServerDownloadError(`download of ${url} is larger than ${maxBytes} bytes`);
      chunks.push(Buffer.from(value));
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    if (e instanceof DocumentServerDownloadError) throw e;
    throw new DocumentServerDownloadError(`download of ${url} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return Buffer.concat(chunks);
}
