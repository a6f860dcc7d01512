/// <reference types="vite/client" />

/** The build's identity (vite.config.ts). */
declare const __APP_VERSION__: string;
