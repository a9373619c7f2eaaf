/**
 * The computed properties the snapshot walk and name computation read of an element, each
 * read once: a property read on a live CSSStyleDeclaration costs a native call every time,
 * and the walker and the accessible-name walk ask the same element the same questions.
 * Only `display` is read up front; the rest wait until asked, since most elements are
 * asked for a few of them at most (a display:none subtree for none).
 */
export class ElementStyle {
  readonly display: string;
  private visibilityValue: string | undefined;
  private cursorValue: string | undefined;
  private textTransformValue: string | undefined;

  constructor(readonly declaration: CSSStyleDeclaration) {
    this.display = declaration.display;
  }

  get visibility(): string {
    return (this.visibilityValue ??= this.declaration.visibility);
  }

  get cursor(): string {
    return (this.cursorValue ??= this.declaration.cursor);
  }

  get textTransform(): string {
    return (this.textTransformValue ??= this.declaration.textTransform);
  }
}
