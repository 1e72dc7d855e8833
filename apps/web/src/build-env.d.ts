interface ImportMetaEnv {
  /** When the build ran (ISO 8601): the date prerendered pages are drawn on (vite.config.ts). */
  readonly BUILD_TIME?: string;
}
