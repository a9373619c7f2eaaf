import { z } from "zod";

/**
 * A bridge process that Chrome starts while another bridge already owns the socket (for
 * example after the service worker restarted) hands its native port to that owner: it
 * sends this request on the agent socket, and once accepted the connection carries
 * native-messaging frames in both directions.
 */
export const UPLINK_REQUEST_TYPE = "bridge.uplink";

export const UplinkResultSchema = z.object({ accepted: z.literal(true), ownerPid: z.number().int() });
