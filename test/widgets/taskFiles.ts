import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import type { WidgetTask } from "./widgetTask.js";

const TASKS = fileURLToPath(new URL("./tasks/", import.meta.url));
/** The sources under vitest, the compiled files under dist/node (npm run bench:widgets). */
const TASK_FILE = /^[^.]+\.(ts|js)$/;

/** Every task in test/widgets/tasks/, read at run time so tasks added later are run too; sorted by widget. */
export async function loadWidgetTasks(): Promise<WidgetTask[]> {
  const tasks: WidgetTask[] = [];
  for (const file of readdirSync(TASKS).filter((name) => TASK_FILE.test(name))) {
    const loaded = (await import(pathToFileURL(join(TASKS, file)).href)) as { task?: WidgetTask };
    if (loaded.task === undefined) throw new Error(`test/widgets/tasks/${file} exports no \`task\``);
    tasks.push(loaded.task);
  }
  return tasks.sort((a, b) => a.widget.localeCompare(b.widget));
}
