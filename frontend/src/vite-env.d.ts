/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it differs from the SPA's (default: same origin). */
  readonly VITE_API_BASE?: string;
}
