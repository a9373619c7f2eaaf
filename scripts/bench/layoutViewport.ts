export interface Size {
  width: number;
  height: number;
}

export interface ViewportFacts {
  /** document.compatMode is "BackCompat": the page has no doctype. */
  quirks: boolean;
  root: Size;
  body: Size | null;
}

/**
 * The viewport's size as the page's own clientWidth/clientHeight give it (scrollbars
 * excluded). CSSOM gives it on <html> in standards mode but on <body> in quirks mode, where
 * <html>'s clientHeight is the whole document's height (buzzfeed-1, no doctype: 10,468 px
 * against a 720 px viewport), which made every element of the page count as on screen.
 */
export function layoutViewport(facts: ViewportFacts): Size {
  return facts.quirks && facts.body !== null ? facts.body : facts.root;
}
