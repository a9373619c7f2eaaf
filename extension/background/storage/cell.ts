import { storageCells, type KeyValueArea, type StorageAreaName } from "./storageCell.js";

/**
 * The extension's one door to chrome.storage: every stored value is a cell made here, so
 * each key has one load and one write chain. The change listener is registered when this
 * module first loads, at the worker's top level, so changes are never missed.
 */
export const cell = storageCells({
  areas: { local: oneKeyAtATime(chrome.storage.local), session: oneKeyAtATime(chrome.storage.session) },
  onChanged(listener) {
    chrome.storage.onChanged.addListener((changes, area) => {
      if (isCellArea(area)) listener(area, Object.keys(changes));
    });
  },
});

function isCellArea(area: string): area is StorageAreaName {
  return area === "local" || area === "session";
}

function oneKeyAtATime(area: chrome.storage.StorageArea): KeyValueArea {
  return {
    get: async (key) => (await area.get(key))[key],
    set: (key, value) => area.set({ [key]: value }),
  };
}
