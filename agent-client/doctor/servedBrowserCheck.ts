import type { BrowserContext } from "../../bridge/install/browserFolders.js";
import type { CommandResult } from "../../protocol/index.js";
import { identifyBrowser } from "../launch/findBrowser.js";
import { failed, passed, type DoctorCheck } from "./doctorCheck.js";

type Served = NonNullable<CommandResult<"bridge.health">["bridge"]["browser"]>;

const NAME = "served browser";

/** Which browser the running bridge serves: the process that started its native host, named from the browser table. */
export function servedBrowserCheck(served: Served | null, context: BrowserContext): DoctorCheck {
  if (served === null) {
    return failed(
      NAME,
      "unknown: this bridge was started by a launcher from before WebOperator named its browser",
      "weboperator install, then restart the browser",
    );
  }
  if (served.executable === null) return passed(NAME, `pid ${served.pid} (its executable could not be read)`);
  const browser = identifyBrowser(served.executable, context);
  return passed(NAME, `${browser?.name ?? "a browser outside WebOperator's table"} (${served.executable}, pid ${served.pid})`);
}
