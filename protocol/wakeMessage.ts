import { z } from "zod";

/**
 * The runtime message the extension's offscreen document sends its service worker every
 * WAKE_INTERVAL_MS. A stopped worker is started by the message, and starting reconnects it to
 * the bridge, so agents wait about that long instead of until the next alarm (30 s).
 */
export const WAKE_MESSAGE_KIND = "weboperator-wake";
export const WAKE_INTERVAL_MS = 250;

export const WakeMessageSchema = z.object({ kind: z.literal(WAKE_MESSAGE_KIND) });
export type WakeMessage = z.infer<typeof WakeMessageSchema>;
