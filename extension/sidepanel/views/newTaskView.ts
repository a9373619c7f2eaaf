import { MAX_UPLOAD_FILE_BYTES } from "../../../protocol/index.js";
import { button, h } from "../dom.js";
import { askBridge } from "../panelClient.js";
import { readPickedFile, type PickedFile } from "../pickedFiles.js";
import { paperclipIcon } from "../icons.js";

/**
 * New task: a goal, a start URL, autoConfirm, and the paperclip. A picked file travels to
 * the bridge, which copies it into Downloads/weboperator-attachments/ and attaches it by id.
 */
export function renderNewTask(onStarted: (id: string) => void): Node[] {
  const goal = h("textarea", { id: "task-goal", required: true, placeholder: "What should the agent do?" });
  const startUrl = h("input", { id: "task-url", type: "url", placeholder: "https://example.com (optional)" });
  const autoConfirm = h("input", { id: "task-auto", type: "checkbox" });
  const picker = h("input", { id: "task-files", type: "file", multiple: true, hidden: true });
  const list = h("ul", { class: "files small" });
  const notice = h("div", { class: "notice", role: "status", hidden: true });
  const picked: PickedFile[] = [];

  const say = (text: string, kind: "good" | "bad"): void => {
    notice.textContent = text;
    notice.className = `notice ${kind}`;
    notice.hidden = false;
  };
  const redraw = (): void => {
    list.replaceChildren(
      ...picked.map((file, at) =>
        h(
          "li",
          {},
          h("span", {}, paperclipIcon(), `${file.name} (${file.size < 1024 ? `${file.size} bytes` : `${Math.ceil(file.size / 1024)} KB`})`),
          button("Remove", () => {
            picked.splice(at, 1);
            redraw();
          }),
        ),
      ),
    );
  };
  picker.addEventListener("change", () => {
    const problems: string[] = [];
    const files = [...(picker.files ?? [])];
    picker.value = "";
    void Promise.all(
      files.map(async (file) => {
        const read = await readPickedFile(file, MAX_UPLOAD_FILE_BYTES);
        if ("problem" in read) problems.push(read.problem);
        else picked.push(read);
      }),
    ).then(() => {
      redraw();
      if (problems.length > 0) say(problems.join(" "), "bad");
      else notice.hidden = true;
    });
  });

  const start = async (): Promise<void> => {
    const text = goal.value.trim();
    if (text === "") {
      say("Write a goal first.", "bad");
      return;
    }
    const url = startUrl.value.trim();
    try {
      const started = await askBridge({
        action: "tasks.start",
        payload: { goal: text, autoConfirm: autoConfirm.checked, ...(url === "" ? {} : { startUrl: url }) },
        files: picked.map(({ name, mimeType, base64 }) => ({ name, mimeType, base64 })),
      });
      const attached = started.attachments.map((file) => `${file.name} → ${file.path}`).join("; ");
      say(`Started ${started.id}.${attached === "" ? "" : ` Attached: ${attached}`}`, "good");
      picked.splice(0);
      redraw();
      goal.value = "";
      onStarted(started.id);
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "bad");
    }
  };

  return [
    h(
      "form",
      { id: "new-task" },
      h("label", { for: "task-goal" }, "Goal"),
      goal,
      h("label", { for: "task-url" }, "Start URL"),
      startUrl,
      h("label", { class: "check" }, autoConfirm, "autoConfirm (final Submit/Send/Pay still asks)"),
      h("label", {}, "Attachments"),
      picker,
      attachButton(() => picker.click()),
      list,
      h("div", { class: "actions" }, button("Start task", start, "primary", { id: "task-start" })),
      notice,
    ),
  ];
}

/** The paperclip: an icon drawn inline, since emoji fonts are not everywhere. */
function attachButton(pick: () => void): HTMLButtonElement {
  const element = button("Attach a file", pick, "", { id: "task-attach" });
  element.prepend(paperclipIcon());
  return element;
}
