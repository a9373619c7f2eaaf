import { launchSharedBrowser, type SharedBrowser } from "./sharedBrowser.js";
import { serveStatic, type StaticServer } from "./staticServer.js";

/** Serves the pages, launches the shared browser, runs the bench on both, and always tears both down. */
export async function withBenchBrowser<T>(
  root: string | null,
  pages: Record<string, string>,
  bench: (browser: SharedBrowser, server: StaticServer) => Promise<T>,
  { headless = true }: { headless?: boolean } = {},
): Promise<T> {
  const server = await serveStatic(root, pages);
  let browser: SharedBrowser;
  try {
    browser = await launchSharedBrowser({ headless });
  } catch (error) {
    server.close();
    throw error;
  }
  try {
    return await bench(browser, server);
  } finally {
    await browser.close();
    server.close();
  }
}

/** A bench script's entry: a failure is printed and exits 1, so a broken bench never looks like a quiet one. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
