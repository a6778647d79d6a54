/** Constants of the web app's shared behaviour (docs/rules.md#states-and-transitions alert banner, docs/rules.md#limits limits). */

/** The alert banner closes itself after 3 seconds (docs/rules.md). */
export const ALERT_AUTO_CLOSE_MS = 3000;

/** Alerts are warnings unless the error catalogue says otherwise (docs/api.md#errors). */
export const alertKinds = ['warning', 'error', 'info', 'success'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** The id of the JSON data block in index.html that carries the runtime configuration (no inline script). */
export const CLIENT_CONFIG_ELEMENT_ID = 'portal-config';
