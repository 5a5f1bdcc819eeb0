import { Inject, Injectable, Logger } from '@nestjs/common';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { DomainException } from '../../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { type ProofKeys, publicKeyOf } from './wopi-proof.js';

/**
 * WOPI discovery (docs/office-design.md §3.1): `GET ${OFFICE_INTERNAL_URL}/hosting/discovery` lists
 * the client's actions per file extension (`urlsrc`: the page to frame) and its proof keys.
 */

/** One `wopi-discovery/net-zone/app/action`. */
export interface WopiAction {
  /** The app's name (`writer`, or a MIME type in Collabora's second listing). */
  app: string;
  name: string;
  ext: string;
  urlsrc: string;
}

export interface WopiDiscovery {
  actions: WopiAction[];
  /** The `proof-key` element (base64 modulus/exponent, current and old), when the client signs requests. */
  proofKey?: { modulus: string; exponent: string; oldModulus?: string; oldExponent?: string };
}

/** The MIME types under which Collabora lists Word files a second time (actions with `ext=""`). */
const WORD_MIME: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const elementsOf = (root: Element | Document, name: string): Element[] => Array.from(root.getElementsByTagName(name) as unknown as ArrayLike<Element>);

/** Reads a discovery XML (Collabora, ONLYOFFICE, Microsoft); throws on what is not one. */
export function parseDiscovery(xml: string): WopiDiscovery {
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'wopi-discovery') throw new Error('not a WOPI discovery document');
  const actions: WopiAction[] = [];
  for (const app of elementsOf(root, 'app')) {
    for (const action of elementsOf(app, 'action')) {
      const urlsrc = action.getAttribute('urlsrc');
      const name = action.getAttribute('name');
      if (!urlsrc || !name) continue;
      actions.push({ app: app.getAttribute('name') ?? '', name: name.toLowerCase(), ext: (action.getAttribute('ext') ?? '').toLowerCase(), urlsrc });
    }
  }
  const [key] = elementsOf(root, 'proof-key');
  const attr = (name: string) => key?.getAttribute(name)?.trim() || undefined;
  const modulus = attr('modulus');
  const exponent = attr('exponent');
  return {
    actions,
    proofKey: modulus && exponent ? { modulus, exponent, oldModulus: attr('oldmodulus'), oldExponent: attr('oldexponent') } : undefined,
  };
}

/**
 * The `urlsrc` that opens a file of `ext`: the `view` action for a read-only session when the client
 * has one (ONLYOFFICE, Microsoft), else `edit` (Collabora: read-only is `permission=readonly` and
 * UserCanWrite false); by extension first, then Collabora's MIME-type listing.
 */
export function actionFor(discovery: WopiDiscovery, ext: string, mode: 'edit' | 'view'): string | undefined {
  const names = mode === 'view' ? ['view', 'edit'] : ['edit'];
  const e = ext.toLowerCase();
  for (const name of names) {
    const found = discovery.actions.find((a) => a.ext === e && a.name === name) ?? discovery.actions.find((a) => a.ext === '' && a.app === WORD_MIME[e] && a.name === name);
    if (found) return found.urlsrc;
  }
  return undefined;
}

/**
 * The iframe URL: `urlsrc` without the `<name=VALUE&>` placeholders (the UI and data-culture ones
 * filled with the language, the others dropped), then `WOPISrc`, `lang`, `closebutton=1` and, read-only,
 * `permission=readonly`.
 */
export function actionUrl(urlsrc: string, options: { wopiSrc: string; lang: string; readOnly: boolean }): string {
  const filled = urlsrc.replace(/<([A-Za-z0-9_]+)=([A-Za-z0-9_]+)&?>/g, (_all, name: string, value: string) => (value === 'UI_LLCC' || value === 'DC_LLCC' ? `${name}=${encodeURIComponent(options.lang)}&` : ''))
    .replace(/&{2,}/g, '&')
    .replace('?&', '?');
  const base = filled.includes('?') ? (/[?&]$/.test(filled) ? filled : `${filled}&`) : `${filled}?`;
  const params = [`WOPISrc=${encodeURIComponent(options.wopiSrc)}`, `lang=${encodeURIComponent(options.lang)}`, 'closebutton=1'];
  if (options.readOnly) params.push('permission=readonly');
  return base + params.join('&');
}

/** The client's public keys of a discovery, or undefined when it publishes none. */
export function proofKeysOf(discovery: WopiDiscovery): ProofKeys | undefined {
  const k = discovery.proofKey;
  if (!k) return undefined;
  return { current: publicKeyOf(k), old: k.oldModulus && k.oldExponent ? publicKeyOf({ modulus: k.oldModulus, exponent: k.oldExponent }) : undefined };
}

/** How long a discovery is kept, how long its fetch may take, how soon a failed proof may refetch it. */
export const DISCOVERY_TTL_MS = 60 * 60_000;
export const DISCOVERY_TIMEOUT_MS = 10_000;
export const DISCOVERY_REFETCH_MIN_MS = 60_000;

/** The document server is unreachable or answered no discovery (503: the open may be retried). */
export const OFFICE_UNAVAILABLE = 'OFFICE_UNAVAILABLE';

/**
 * The client's discovery, fetched from `OFFICE_INTERNAL_URL` (else `OFFICE_URL`) with a timeout,
 * cached for an hour; `refresh` refetches it (a failed proof: the keys may have rotated), at most once
 * a minute. A failed fetch keeps serving the last good copy.
 */
@Injectable()
export class WopiDiscoveryService {
  private readonly logger = new Logger(WopiDiscoveryService.name);
  private cached?: { at: number; value: WopiDiscovery };
  private inflight?: Promise<WopiDiscovery>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The discovery (cached); 503 `OFFICE_UNAVAILABLE` when none could be read. */
  async get(): Promise<WopiDiscovery> {
    if (this.cached && Date.now() - this.cached.at < DISCOVERY_TTL_MS) return this.cached.value;
    return this.fetch();
  }

  /** Refetches unless fetched within the last minute; answers whether a new copy was read. */
  async refresh(): Promise<boolean> {
    if (this.cached && Date.now() - this.cached.at < DISCOVERY_REFETCH_MIN_MS) return false;
    await this.fetch();
    return true;
  }

  /** Forgets the cached copy (tests, configuration changes). */
  clear(): void {
    this.cached = undefined;
  }

  private fetch(): Promise<WopiDiscovery> {
    this.inflight ??= this.load().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async load(): Promise<WopiDiscovery> {
    const base = this.config.office.internalUrl ?? this.config.office.url;
    try {
      if (!base) throw new Error('OFFICE_URL is not set');
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(new Error(`no answer within ${DISCOVERY_TIMEOUT_MS} ms`)), DISCOVERY_TIMEOUT_MS);
      let xml: string;
      try {
        const res = await fetch(`${base}/hosting/discovery`, { signal: abort.signal, redirect: 'error' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        xml = await res.text();
      } finally {
        clearTimeout(timer);
      }
      const value = parseDiscovery(xml);
      this.cached = { at: Date.now(), value };
      return value;
    } catch (e) {
      this.logger.warn(`WOPI discovery ${base ?? '-'}/hosting/discovery: ${e instanceof Error ? e.message : String(e)}`);
      if (this.cached) return this.cached.value;
      throw new DomainException(503, '文档服务器暂时不可用，请稍后重试', OFFICE_UNAVAILABLE);
    }
  }
}
