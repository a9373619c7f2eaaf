/** Callers of tasks.wait, by task: each wakes when its task's run ends, or at its own budget. */
export class TaskEndWaiters {
  private readonly waiters = new Map<string, Set<() => void>>();

  /** Resolves when `wake(taskId)` is called, or after `budgetMs`, whichever is first. */
  until(taskId: string, budgetMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, budgetMs);
      const waiters = this.waiters.get(taskId) ?? new Set<() => void>();
      this.waiters.set(taskId, waiters);
      function done(): void {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  }

  wake(taskId: string): void {
    const waiters = this.waiters.get(taskId);
    this.waiters.delete(taskId);
    for (const done of waiters ?? []) done();
  }
}
