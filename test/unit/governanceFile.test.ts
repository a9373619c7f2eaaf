import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readGovernanceFile } from "../../agent-client/cli/governanceFile.js";
import { UsageError } from "../../agent-client/cli/usageError.js";

const dir = mkdtempSync(join(tmpdir(), "wo-governance-"));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("--governance FILE", () => {
  it("takes the governance block, or a whole declaration holding one", () => {
    const block = { authorized_domains: ["example.com"], escalate_when: { confidence_below: 0.6 } };
    expect(readGovernanceFile(file("block.json", JSON.stringify(block)))).toEqual(block);
    const declaration = { agent: "WebOperator", version: "0.1.0", capabilities: {}, governance: block };
    expect(readGovernanceFile(file("declaration.json", JSON.stringify(declaration)))).toEqual(block);
  });

  it("fails the launch, naming the file and the field, for a missing file, bad JSON or a wrong shape", () => {
    expect(() => readGovernanceFile(join(dir, "missing.json"))).toThrow(UsageError);
    expect(() => readGovernanceFile(file("bad.json", "{ not json"))).toThrow(/is not JSON/);
    expect(() => readGovernanceFile(file("rule.json", JSON.stringify({ hard: ["Be nice to everyone"] })))).toThrow(/cannot enforce/);
    expect(() => readGovernanceFile(file("shape.json", JSON.stringify({ authorized_domains: ["https://x.com/"] })))).toThrow(
      /governance\.authorized_domains\.0/,
    );
    expect(() => readGovernanceFile(file("typo.json", JSON.stringify({ governance: { authorised_domains: ["x.com"] } })))).toThrow(
      /governance/,
    );
  });
});
