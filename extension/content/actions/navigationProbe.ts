/** The slice of the Navigation API we use; typed here because lib.dom may not carry it. */
interface NavigationLike {
  addEventListener(type: "navigate", listener: () => void): void;
  removeEventListener(type: "navigate", listener: () => void): void;
}

function pageNavigation(): NavigationLike | null {
  const candidate: unknown = Reflect.get(window, "navigation");
  return typeof candidate === "object" && candidate !== null && "addEventListener" in candidate ? (candidate as NavigationLike) : null;
}

/**
 * Runs an action and reports whether it started a navigation of this document, so the
 * service worker waits for a load only when one is coming instead of guessing with a
 * delay. Form submission navigates from a queued task, hence the one-task wait.
 */
export async function watchNavigationDuring(action: () => void): Promise<boolean> {
  const navigation = pageNavigation();
  let started = false;
  const onNavigate = (): void => {
    started = true;
  };
  navigation?.addEventListener("navigate", onNavigate);
  try {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    navigation?.removeEventListener("navigate", onNavigate);
  }
  return started;
}
