import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/**
 * Layering (DESIGN.md): protocol/ imports nothing of ours; extension/ imports no node:*
 * and nothing from the Node side, and inside it content/ and background/ may import
 * shared/ but not each other, and shared/ neither; bridge/ never reaches into the
 * extension or the client.
 */
const nodeBuiltins = ["node:*", "fs", "path", "os", "net", "child_process", "crypto", "http", "stream", "events", "url", "util"];

/**
 * The content script runs at the start of every document in every tab: the protocol/ barrel
 * would have it build every command's schema first (about 13 ms a document).
 */
const protocolBarrel = {
  regex: "^(\\.\\./)+protocol/index\\.js$",
  message: "Code the content script loads imports the protocol/ module it needs, not the protocol/index.js barrel.",
};

/** What every part of extension/ may not import, plus the rules of one of its zones. */
function extensionZone(files, zonePatterns) {
  return {
    files,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: nodeBuiltins, message: "extension/ runs in Chrome: no node:* imports." },
            ...zonePatterns,
            {
              group: ["**/bridge/**", "**/agent-client/**", "**/scripts/**", "**/test/**"],
              message: "extension/ may import only protocol/ and its own files.",
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "bin/**"] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Type information from the extension program (shared/ included) and the Node-side one.
    languageOptions: {
      parserOptions: {
        project: ["./tsconfig.extension.json", "./tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Page-patching code captures the page's natives before the page can replace them and
    // calls them later with .call/.apply: unbound on purpose.
    files: [
      "extension/content/pageRecord/mainWorldRecorder.iife.ts",
      "extension/content/pageRecord/mainWorldIntrinsics.ts",
      "extension/content/dom/intrinsics.ts",
      "extension/background/dialogs/dialogRecorder.ts",
      "extension/pageScripts/dialogRecorderPage.ts",
      "extension/content/actions/textEntry.ts",
    ],
    rules: { "@typescript-eslint/unbound-method": "off" },
  },
  {
    // alert(x) and friends show String(x), whatever x is: the recorder prints what the page would.
    files: ["extension/background/dialogs/dialogRecorder.ts", "extension/pageScripts/dialogRecorderPage.ts"],
    rules: { "@typescript-eslint/no-base-to-string": "off" },
  },
  {
    files: ["test/**/*.ts", "scripts/**/*.ts"],
    rules: {
      // vitest's asymmetric matchers (expect.stringContaining…) are typed any.
      "@typescript-eslint/no-unsafe-assignment": "off",
      // Stubs implement async interfaces without awaiting anything.
      "@typescript-eslint/require-await": "off",
      // puppeteer's TargetType is a string enum, compared with its literal values.
      "@typescript-eslint/no-unsafe-enum-comparison": "off",
    },
  },
  {
    files: ["protocol/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/bridge/**", "**/extension/**", "**/agent-client/**", "**/scripts/**", "**/test/**"],
              message: "protocol/ is the root layer and imports nothing of ours.",
            },
            { group: nodeBuiltins, message: "protocol/ runs in the extension too: no Node built-ins." },
          ],
        },
      ],
    },
  },
  extensionZone(["extension/**/*.ts"], []),
  extensionZone(
    ["extension/shared/**/*.ts"],
    [
      { regex: "^(\\.\\./)+(content|background)/", message: "extension/shared/ is below content/ and background/: it imports neither." },
      protocolBarrel,
    ],
  ),
  {
    // DOM-free code both extension halves use (snapshot text, geometry); tsconfig.shared.json
    // type-checks it with no DOM or chrome types too.
    files: ["extension/shared/**/*.ts"],
    rules: { "no-restricted-globals": ["error", "document", "window", "chrome", "getComputedStyle", "navigator", "location"] },
  },
  extensionZone(
    ["extension/content/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+background/",
        message: "The content script reaches the service worker only by messages; shared code goes in extension/shared/.",
      },
      protocolBarrel,
    ],
  ),
  extensionZone(
    ["extension/background/**/*.ts"],
    [{ regex: "^(\\.\\./)+content/", message: "The service worker has no DOM: code both halves need goes in extension/shared/." }],
  ),
  {
    files: ["extension/sidepanel/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: nodeBuiltins, message: "extension/ runs in Chrome: no node:* imports." },
            {
              group: ["**/bridge/**", "**/agent-client/**", "**/scripts/**", "**/test/**"],
              message: "extension/ may import only protocol/ and its own files.",
            },
            {
              group: ["**/background/**", "**/content/**"],
              message:
                "The side panel is a page: it reaches the service worker only through chrome.runtime messages (protocol/panel/panelRuntime.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["bridge/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/extension/**", "**/agent-client/**", "**/scripts/**", "**/test/**"],
              message: "bridge/ may import only protocol/ and its own files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Adapters translate other protocols onto ours; the engine and the perception and action
    // libraries they share sit beside them, so neither depends on an adapter.
    files: ["bridge/tasks/**/*.ts", "bridge/perception/**/*.ts", "bridge/actions/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/extension/**", "**/agent-client/**", "**/scripts/**", "**/test/**"],
              message: "bridge/ may import only protocol/ and its own files.",
            },
            {
              group: ["**/adapters/**"],
              message:
                "Shared perception and state hashes live in bridge/perception/, typed actions and replay in bridge/actions/; adapters are their users, not their home.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["agent-client/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/extension/**", "**/test/**", "**/scripts/**"],
              message: "agent-client/ speaks to the extension only through the bridge socket.",
            },
          ],
        },
      ],
    },
  },
  {
    // No module imports itself back through others, type imports included: a handler depends
    // on the leaf that declares its types, never on the router or registry that calls it.
    files: ["protocol/**/*.ts", "extension/**/*.ts", "bridge/**/*.ts", "agent-client/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["./tsconfig.json", "./tsconfig.extension.json"], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
