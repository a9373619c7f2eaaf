import type { AgentView } from "./agentView.js";

/** Solves one episode of one task, acting only through `view` (the socket protocol). */
export type Solver = (view: AgentView) => Promise<void>;
