import type Database from "better-sqlite3";
import type { ArtifactKind } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

export interface ArtifactRow {
  task_id: string;
  name: string;
  mime_type: string;
  stored_path: string;
  size: number;
  created_at: string;
  kind: ArtifactKind;
}

/** The files tasks created (create_artifact): kept in the task's folder, listed here. */
export class ArtifactStore {
  constructor(private readonly db: Database.Database) {}

  /** A second artifact of the same name replaces the first: the task's newest version is the one kept. */
  put(row: ArtifactRow): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO artifacts (task_id, name, mime_type, stored_path, size, created_at, kind) VALUES (@task_id, @name, @mime_type, @stored_path, @size, @created_at, @kind) ON CONFLICT (task_id, name) DO UPDATE SET mime_type = excluded.mime_type, stored_path = excluded.stored_path, size = excluded.size, created_at = excluded.created_at, kind = excluded.kind",
        )
        .run(row);
    }, "record the artifact");
  }

  list(taskId: string): ArtifactRow[] {
    return guard(
      () => this.db.prepare("SELECT * FROM artifacts WHERE task_id = ? ORDER BY created_at, rowid").all(taskId) as ArtifactRow[],
      "read artifacts",
    );
  }

  get(taskId: string, name: string): ArtifactRow | undefined {
    return guard(
      () => this.db.prepare("SELECT * FROM artifacts WHERE task_id = ? AND name = ?").get(taskId, name) as ArtifactRow | undefined,
      "read the artifact",
    );
  }
}
