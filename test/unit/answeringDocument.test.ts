import { describe, expect, it } from "vitest";
import { answeringDocument, documentToJudge } from "../../extension/background/gatekeeper/answeringDocument.js";

const admitted = { id: 4, url: "http://127.0.0.1:8000/inbox" };

describe("the document a read's answer came from", () => {
  it("is the result's provenance when it has one, else its url in the admitted tab", () => {
    expect(
      answeringDocument({ text: "x", untrusted: { source: "page", tabId: 9, url: "http://a.test/" }, url: "http://b.test/" }, 4),
    ).toEqual({
      tabId: 9,
      url: "http://a.test/",
    });
    expect(answeringDocument({ snapshotId: "s1", url: "http://b.test/p" }, 4)).toEqual({ tabId: 4, url: "http://b.test/p" });
    expect(answeringDocument({ tabId: 6, url: "http://b.test/p" }, 4)).toEqual({ tabId: 6, url: "http://b.test/p" });
    expect(answeringDocument({ tabs: [{ url: "http://b.test/" }] }, 4)).toBeNull();
    expect(answeringDocument("text", 4)).toBeNull();
    expect(answeringDocument(null, 4)).toBeNull();
  });

  it("is judged again only when it is in the admitted tab on another origin than the gate read", () => {
    expect(documentToJudge({ url: "http://127.0.0.1:8000/other" }, admitted)).toBeNull();
    expect(documentToJudge({ url: "http://localhost:8000/inbox" }, admitted)).toEqual({ tabId: 4, url: "http://localhost:8000/inbox" });
    expect(documentToJudge({ url: "http://127.0.0.1:8001/inbox" }, admitted)).toEqual({ tabId: 4, url: "http://127.0.0.1:8001/inbox" });
    expect(documentToJudge({ tabId: 5, url: "http://localhost:8000/" }, admitted)).toBeNull();
    expect(documentToJudge({ url: "http://localhost:8000/" }, { id: 4, pendingUrl: "http://localhost:8000/x" })).toBeNull();
    expect(documentToJudge({ url: "http://localhost:8000/" }, { id: 4 })).toEqual({ tabId: 4, url: "http://localhost:8000/" });
  });
});
