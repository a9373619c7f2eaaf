import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

describe("upload_file: paths resolved by the bridge inside the upload folder only", () => {
  let session: WebOperatorSession;
  let uploads: string;
  let input: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    // Uploads are off until the user allows them (gatekeeper.test.ts checks that default).
    await setUserPolicy(session, { allowUploads: true });
    uploads = join(session.launched.configDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    writeFileSync(join(uploads, "cv.txt"), "Ada Lovelace, analyst");
    writeFileSync(join(session.launched.configDir, "secret.txt"), "do not upload");
    symlinkSync(join(session.launched.configDir, "secret.txt"), join(uploads, "innocent.txt"));
    await session.client.request("browser.navigate", { url: session.pages.url("/upload.html") });
    input = findRef((await session.client.request("browser.snapshot", {})).text, "button", "CV file");
  });
  afterAll(async () => {
    await session?.close();
  });

  it("uploads a file from the upload folder into a hidden file input", async () => {
    const result = await session.client.request("browser.upload_file", { ref: input, paths: [join(uploads, "cv.txt")] });
    expect(result.files).toEqual([{ name: "cv.txt", size: 21, mimeType: "text/plain" }]);
    const page = await session.client.request("browser.extract", {});
    expect(page.text).toContain("cv.txt (text/plain, 21 bytes): Ada Lovelace, analyst");
  });

  it("refuses paths that escape the folder through .. or a symlink, and missing files", async () => {
    for (const path of [join(uploads, "..", "secret.txt"), join(uploads, "innocent.txt"), join(uploads, "missing.txt"), "/etc/passwd"]) {
      const response = await session.client.send({ type: "browser.upload_file", payload: { ref: input, paths: [path] } });
      expect(response).toMatchObject({ code: "upload_refused" });
    }
    const page = await session.client.request("browser.extract", {});
    expect(page.text).not.toContain("do not upload");
  });

  it("accepts file contents sent directly, and refuses an empty path list", async () => {
    const result = await session.client.request("browser.upload_file", {
      ref: input,
      files: [{ name: "note.md", mimeType: "text/markdown", base64: Buffer.from("# hi").toString("base64") }],
    });
    expect(result.files[0]?.name).toBe("note.md");
    const heading = await session.client.request("browser.snapshot", {});
    expect(heading.text).toContain("note.md");
    expect(await session.errorCode("browser.upload_file", { ref: input, paths: [] })).toBe("bad_request");
  });
});
