/** A mistake in the command line itself: exit 2 and point at `weboperator help`. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
