import { describe, expect, it } from "vitest";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONTENT = path.join(ROOT, "extension/content");
/** The one module that may read DOM members off page objects: it captures them from the prototypes. */
const INTRINSICS = path.join(CONTENT, "dom/intrinsics.ts");
/** The MAIN-world files have their own captured natives (mainWorldIntrinsics.ts) and are owned separately. */
const MAIN_WORLD = path.join(CONTENT, "pageRecord");

/**
 * Interfaces a page's form or document may stand behind. A form's named controls and a
 * document's named elements shadow every member ([LegacyOverrideBuiltIns]), in the content
 * script's isolated world too, so a member read on a value of these types may be the page's element.
 */
const CLOBBERABLE = new Set([
  "Node",
  "Element",
  "HTMLElement",
  "HTMLFormElement",
  "Document",
  "ParentNode",
  "ChildNode",
  "EventTarget",
  "NonElementParentNode",
  "DocumentOrShadowRoot",
  "InnerHTML",
  "Animatable",
  "ARIAMixin",
  "ElementCSSInlineStyle",
  "ElementContentEditable",
  "GlobalEventHandlers",
  "HTMLOrSVGElement",
  "Slottable",
  "NonDocumentTypeChildNode",
]);

function contentProgram(): ts.Program {
  const configPath = path.join(ROOT, "tsconfig.extension.json");
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const files = parsed.fileNames.filter((file) => file.startsWith(CONTENT) && file !== INTRINSICS && !file.startsWith(MAIN_WORLD));
  return ts.createProgram(files, parsed.options);
}

function isDomDeclaration(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some((declaration) => /lib\.dom(\.iterable)?\.d\.ts$/.test(declaration.getSourceFile().fileName));
}

function constituents(type: ts.Type, checker: ts.TypeChecker): ts.Type[] {
  const apparent = type.isTypeParameter() ? (checker.getBaseConstraintOfType(type) ?? type) : type;
  if (apparent.isUnionOrIntersection()) return apparent.types.flatMap((member) => constituents(member, checker));
  return [apparent];
}

function clobberable(type: ts.Type, checker: ts.TypeChecker): boolean {
  return constituents(type, checker).some((member) => {
    const name = (member.aliasSymbol ?? member.getSymbol())?.getName();
    return name !== undefined && CLOBBERABLE.has(name);
  });
}

/** Every `x.member` in the content script where x may be a page's form or document and member is a DOM member. */
function pageMemberReads(): string[] {
  const program = contentProgram();
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(CONTENT)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const member = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node.argumentExpression);
        if (member !== undefined && isDomDeclaration(member) && clobberable(checker.getTypeAtLocation(node.expression), checker)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${path.relative(ROOT, source.fileName)}:${line + 1} ${node.getText().slice(0, 80)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("the content script reads no DOM member off the page's own objects", () => {
  it("takes every member of a node, element, form or document from dom/intrinsics.ts", () => {
    expect(pageMemberReads()).toEqual([]);
  }, 120_000);
});
