import { debuggerSession } from "../debuggerSession.js";

/** The top frame's geometry in CSS px, as the browser (not the page's scripts) reports it. */
export interface PageGeometry {
  scrollX: number;
  scrollY: number;
  viewportWidth: number;
  viewportHeight: number;
  contentWidth: number;
  contentHeight: number;
  /** Device pixels per CSS pixel: how many image pixels a capture at clip scale 1 yields. */
  devicePixelRatio: number;
}

export async function readPageGeometry(tabId: number): Promise<PageGeometry> {
  const metrics = await debuggerSession.send(tabId, "Page.getLayoutMetrics");
  const css = metrics.cssVisualViewport;
  return {
    scrollX: css.pageX,
    scrollY: css.pageY,
    viewportWidth: css.clientWidth,
    viewportHeight: css.clientHeight,
    contentWidth: Math.max(metrics.cssContentSize.width, css.clientWidth),
    contentHeight: Math.max(metrics.cssContentSize.height, css.clientHeight),
    devicePixelRatio: css.clientWidth > 0 ? metrics.visualViewport.clientWidth / css.clientWidth : 1,
  };
}
