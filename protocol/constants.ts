/**
 * Identity and limits shared by every layer. The extension ID is derived from the
 * public key pinned in manifest.json ("key"); a unit test re-derives it so the two
 * can never drift apart.
 */
export const EXTENSION_ID = "didnadlchepfpnabdidnbbcfoponbbfb";
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
export const NATIVE_HOST_NAME = "com.weboperator.bridge";
export const PROTOCOL_VERSION = 1;

export const DEFAULT_SOCKET_PATH = "/tmp/weboperator-bridge.sock";
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const MAX_REQUEST_TIMEOUT_MS = 10 * 60_000;

/** Chrome refuses host-to-extension messages above 1 MB; larger ones are split into chunks. */
export const MAX_HOST_TO_EXTENSION_BYTES = 1024 * 1024;
/** Chrome's own cap on extension-to-host messages. */
export const MAX_EXTENSION_TO_HOST_BYTES = 64 * 1024 * 1024;
/** Largest whole message the bridge will split and send to the extension. */
export const MAX_SPLIT_MESSAGE_BYTES = 32 * 1024 * 1024;
/** Until a connection has sent one request with a valid token, its frames stay this small. */
export const MAX_PREAUTH_FRAME_BYTES = 16 * 1024;
/** Cap on any authenticated agent frame. */
export const MAX_AGENT_FRAME_BYTES = 32 * 1024 * 1024;

/** Text returned by browser.extract per page, continued with fromChar. */
export const EXTRACT_PAGE_CHARS = 8_000;
/** Hard cap on text the content script hands back for one extraction. */
export const EXTRACT_MAX_CHARS = 200_000;

/** The bounds of the observation a write action answers with (pageShapes.ts ObservationSchema). */
export const OBSERVATION_MAX_CHARS = 6_000;
/**
 * The first look a write that loads a new document answers with, unless the request says
 * otherwise (its `firstLook`): about 1,500 tokens, the size the browser-tools seed gives an
 * action's new snapshot (§1.3).
 */
export const FIRST_LOOK_CHARS = 6_000;
export const OBSERVATION_MAX_DIFF_LINES = 60;
export const OBSERVATION_MAX_REFS = 100;

export const EXTENSION_DISCONNECTED_MESSAGE = "WebOperator extension is not connected to the bridge";
