import { describe, expect, it } from "vitest";
import type { CommandResult } from "../../protocol/index.js";
import { versionCheck } from "../../agent-client/doctor/versionCheck.js";

function health(extension: string | null, bridge: string, connected = true): CommandResult<"bridge.health"> {
  return {
    ok: true,
    protocolVersion: 1,
    bridge: { version: bridge, pid: 1, socket: "/s", uptimeMs: 1, authRequired: true, agentConnections: 0 },
    agents: [],
    extension: { connected, version: extension, connectedAt: null, disconnectedAt: null },
  };
}

describe("doctor's versions check", () => {
  it("passes when the loaded extension, the running bridge and the installed command agree", () => {
    expect(versionCheck(health("1.2.0", "1.2.0"), "1.2.0")).toMatchObject({
      ok: true,
      detail: "extension, bridge and this command are all 1.2.0",
    });
  });

  it("names a loaded extension of another version than the installed bridge, with how to refresh it", () => {
    const check = versionCheck(health("1.1.0", "1.1.0"), "1.2.0");
    expect(check).toMatchObject({ ok: false, detail: "the loaded extension is 1.1.0, the installed bridge 1.2.0" });
    expect(check?.fix).toContain("Reload on WebOperator at chrome://extensions");
  });

  it("names a bridge still running from before an upgrade", () => {
    expect(versionCheck(health("1.2.0", "1.1.0"), "1.2.0")).toMatchObject({
      ok: false,
      detail: "the running bridge is 1.1.0, the installed one 1.2.0",
    });
  });

  it("says nothing while no extension is connected: the extension check names that", () => {
    expect(versionCheck(health(null, "1.2.0", false), "1.2.0")).toBeNull();
  });
});
