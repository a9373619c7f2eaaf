/**
 * The one table of Chromium-family browsers WebOperator knows: where each keeps its profile
 * (user data dir) and so its user-level NativeMessagingHosts/ folder, and where its
 * executable is installed, on Linux and macOS.
 *
 * Chromium reads user-level host manifests from `<user data dir>/NativeMessagingHosts`
 * (chrome/common/chrome_paths.cc, DIR_USER_NATIVE_MESSAGING). The user data dir is
 * `$CHROME_CONFIG_HOME` or `$XDG_CONFIG_HOME` (else ~/.config) plus the folder below on Linux
 * (chrome_paths_linux.cc, with the channel suffix: -beta, -unstable, -canary), and
 * ~/Library/Application Support plus the folder below on macOS (chrome_paths_mac.mm). The
 * other brands keep Chromium's rule under their own folder names, as their docs and the
 * installers of browserpass, KeePassXC and 1Password list them.
 */
export type BrowserPlatform = "linux" | "darwin";

export interface BrowserLocations {
  /** The user data dir, as path segments under the platform's base folder. */
  profile: readonly string[];
  /**
   * More user data dirs whose NativeMessagingHosts/ the browser also reads. Opera's docs
   * name Google Chrome's host locations, while installers in the wild use Opera's own
   * folder; both are written, and doctor checks both.
   */
  alsoReadsHostsOf?: readonly (readonly string[])[];
  /** Absolute paths, or command names looked up in PATH, in order of preference. */
  executables: readonly string[];
}

export interface ChromiumBrowser {
  /** What `--browser` takes. */
  id: string;
  name: string;
  /**
   * Google-branded builds: from Chrome 137 they refuse to load an unpacked extension given
   * on the command line (`--load-extension`), and may refuse it through CDP too.
   */
  googleBranded: boolean;
  linux?: BrowserLocations;
  darwin?: BrowserLocations;
}

const MAC_APPS = "/Applications";

/** `/Applications/Name.app/Contents/MacOS/Binary`, the executable of a macOS app bundle. */
function macApp(bundle: string, binary: string = bundle): string {
  return `${MAC_APPS}/${bundle}.app/Contents/MacOS/${binary}`;
}

// Chromium first: it loads an unpacked extension from the command line, so `launch` prefers it.
export const CHROMIUM_BROWSERS: readonly ChromiumBrowser[] = [
  {
    id: "chromium",
    name: "Chromium",
    googleBranded: false,
    linux: { profile: ["chromium"], executables: ["chromium", "chromium-browser", "/usr/lib/chromium/chromium", "/snap/bin/chromium"] },
    darwin: { profile: ["Chromium"], executables: [macApp("Chromium")] },
  },
  {
    id: "chrome",
    name: "Google Chrome",
    googleBranded: true,
    linux: { profile: ["google-chrome"], executables: ["google-chrome-stable", "google-chrome", "/opt/google/chrome/chrome"] },
    darwin: { profile: ["Google", "Chrome"], executables: [macApp("Google Chrome")] },
  },
  {
    id: "chrome-beta",
    name: "Google Chrome Beta",
    googleBranded: true,
    linux: { profile: ["google-chrome-beta"], executables: ["google-chrome-beta", "/opt/google/chrome-beta/chrome"] },
    darwin: { profile: ["Google", "Chrome Beta"], executables: [macApp("Google Chrome Beta")] },
  },
  {
    id: "chrome-dev",
    name: "Google Chrome Dev",
    googleBranded: true,
    linux: { profile: ["google-chrome-unstable"], executables: ["google-chrome-unstable", "/opt/google/chrome-unstable/chrome"] },
    darwin: { profile: ["Google", "Chrome Dev"], executables: [macApp("Google Chrome Dev")] },
  },
  {
    id: "chrome-canary",
    name: "Google Chrome Canary",
    googleBranded: true,
    linux: { profile: ["google-chrome-canary"], executables: ["google-chrome-canary", "/opt/google/chrome-canary/chrome"] },
    darwin: { profile: ["Google", "Chrome Canary"], executables: [macApp("Google Chrome Canary")] },
  },
  {
    id: "edge",
    name: "Microsoft Edge",
    googleBranded: false,
    linux: { profile: ["microsoft-edge"], executables: ["microsoft-edge-stable", "microsoft-edge", "/opt/microsoft/msedge/msedge"] },
    darwin: { profile: ["Microsoft Edge"], executables: [macApp("Microsoft Edge")] },
  },
  {
    id: "edge-beta",
    name: "Microsoft Edge Beta",
    googleBranded: false,
    linux: { profile: ["microsoft-edge-beta"], executables: ["microsoft-edge-beta", "/opt/microsoft/msedge-beta/msedge"] },
    darwin: { profile: ["Microsoft Edge Beta"], executables: [macApp("Microsoft Edge Beta")] },
  },
  {
    id: "edge-dev",
    name: "Microsoft Edge Dev",
    googleBranded: false,
    linux: { profile: ["microsoft-edge-dev"], executables: ["microsoft-edge-dev", "/opt/microsoft/msedge-dev/msedge"] },
    darwin: { profile: ["Microsoft Edge Dev"], executables: [macApp("Microsoft Edge Dev")] },
  },
  {
    id: "edge-canary",
    name: "Microsoft Edge Canary",
    googleBranded: false,
    darwin: { profile: ["Microsoft Edge Canary"], executables: [macApp("Microsoft Edge Canary")] },
  },
  {
    id: "brave",
    name: "Brave",
    googleBranded: false,
    linux: {
      profile: ["BraveSoftware", "Brave-Browser"],
      executables: ["brave-browser-stable", "brave-browser", "brave", "/opt/brave.com/brave/brave"],
    },
    darwin: { profile: ["BraveSoftware", "Brave-Browser"], executables: [macApp("Brave Browser")] },
  },
  {
    id: "brave-beta",
    name: "Brave Beta",
    googleBranded: false,
    linux: { profile: ["BraveSoftware", "Brave-Browser-Beta"], executables: ["brave-browser-beta", "/opt/brave.com/brave-beta/brave"] },
    darwin: { profile: ["BraveSoftware", "Brave-Browser-Beta"], executables: [macApp("Brave Browser Beta")] },
  },
  {
    id: "brave-nightly",
    name: "Brave Nightly",
    googleBranded: false,
    linux: {
      profile: ["BraveSoftware", "Brave-Browser-Nightly"],
      executables: ["brave-browser-nightly", "/opt/brave.com/brave-nightly/brave"],
    },
    darwin: { profile: ["BraveSoftware", "Brave-Browser-Nightly"], executables: [macApp("Brave Browser Nightly")] },
  },
  {
    id: "vivaldi",
    name: "Vivaldi",
    googleBranded: false,
    linux: { profile: ["vivaldi"], executables: ["vivaldi-stable", "vivaldi", "/opt/vivaldi/vivaldi"] },
    darwin: { profile: ["Vivaldi"], executables: [macApp("Vivaldi")] },
  },
  {
    id: "opera",
    name: "Opera",
    googleBranded: false,
    linux: {
      profile: ["opera"],
      alsoReadsHostsOf: [["google-chrome"]],
      executables: ["opera", "/usr/lib/x86_64-linux-gnu/opera/opera", "/usr/lib/opera/opera"],
    },
    darwin: {
      profile: ["com.operasoftware.Opera"],
      alsoReadsHostsOf: [["Google", "Chrome"]],
      executables: [macApp("Opera")],
    },
  },
  {
    id: "arc",
    name: "Arc",
    googleBranded: false,
    darwin: { profile: ["Arc", "User Data"], executables: [macApp("Arc")] },
  },
];

export function browserById(id: string): ChromiumBrowser | undefined {
  const wanted = id.toLowerCase();
  return CHROMIUM_BROWSERS.find((browser) => browser.id === wanted);
}

/** The browsers that exist on a platform, in table order. */
export function browsersOn(platform: BrowserPlatform): ChromiumBrowser[] {
  return CHROMIUM_BROWSERS.filter((browser) => browser[platform] !== undefined);
}
