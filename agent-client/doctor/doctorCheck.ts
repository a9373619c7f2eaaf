/** One link in the chain agent → bridge → extension, and how to fix it when it is broken. */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** An exact command or step; null when the check passed. */
  fix: string | null;
}

export function passed(name: string, detail: string): DoctorCheck {
  return { name, ok: true, detail, fix: null };
}

export function failed(name: string, detail: string, fix: string): DoctorCheck {
  return { name, ok: false, detail, fix };
}

/** Quotes a path for a fix line only when the shell would otherwise split or expand it. */
export function shellArg(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
