import { describe, expect, it } from "vitest";
import { mimeTypeFor } from "../../bridge/upload/mimeTypes.js";

describe("mimeTypeFor (uploads and task attachments)", () => {
  it.each([
    ["/home/u/cv.pdf", "application/pdf"],
    ["report.DOCX", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["photo.JPG", "image/jpeg"],
    ["notes.md", "text/markdown"],
    ["data.csv", "text/csv"],
    // Types the old hand-written table did not know.
    ["scan.heic", "image/heic"],
    ["clip.mp4", "video/mp4"],
    ["archive.tar.gz", "application/gzip"],
  ])("%s is %s", (path, type) => {
    expect(mimeTypeFor(path)).toBe(type);
  });

  it("falls back to application/octet-stream for unknown or missing extensions", () => {
    expect(mimeTypeFor("Makefile")).toBe("application/octet-stream");
    expect(mimeTypeFor("blob.weboperator-unknown")).toBe("application/octet-stream");
  });
});
