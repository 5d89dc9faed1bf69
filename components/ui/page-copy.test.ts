import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { humanErrorMap, isZodWording } from "@/lib/validation-messages";

/*
 * Issue 25 (Human copy): no page shows zod's raw wording ("Too small: expected string to have >=1
 * characters") nor a path of this repository ("docs/crypto.md"). Every string a page can show,
 * the text and string literals of app/ and components/ (imports, directives and comments aside),
 * is read here; and the messages a form shows for refused input are checked over zod's issues.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "components"];

const ZOD_WORDING = [
  /Too (small|big): expected/,
  /\bInvalid input\b/,
  /\bexpected string\b/i,
  /\bexpected number\b/i,
];
/** A path of this repository: a doc, a source folder, a Markdown file. */
const REPOSITORY_PATH = [/(^|[\s"'`(])docs\//, /\b(server|components|lib)\/[a-z-]+/, /\b[\w-]+\.md\b/];

/** Literals that look like a path but are addresses of the running console, not of the repository. */
const ALLOWED = [/^\/api\/docs/, /^\/api\/v1\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every string literal, template part and JSX text of a file that is not a module specifier. */
function shownStrings(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isExpressionStatement(node) && ts.isStringLiteral(node.expression)) return; // "use client"
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ text: node.text, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("page copy", () => {
  const strings = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
    shownStrings(file).map((s) => ({ ...s, where: `${path.relative(ROOT, file)}:${s.line}` })),
  );

  it("reads the strings of app/ and components/", () => {
    expect(strings.length).toBeGreaterThan(1_000);
  });

  it("names no repository path (docs/, .md, server/ ...)", () => {
    const hits = strings
      .filter((s) => !ALLOWED.some((re) => re.test(s.text)))
      .filter((s) => REPOSITORY_PATH.some((re) => re.test(s.text)))
      .map((s) => `${s.where}: ${s.text.trim().slice(0, 80)}`);
    expect(hits).toEqual([]);
  });

  it("carries no zod wording", () => {
    const hits = strings
      .filter((s) => ZOD_WORDING.some((re) => re.test(s.text)))
      .map((s) => `${s.where}: ${s.text.trim().slice(0, 80)}`);
    expect(hits).toEqual([]);
  });

  it("shows people's words, not zod's, for refused input of every kind", () => {
    const schema = z.object({
      name: z.string().min(1),
      code: z.string().max(4),
      amount: z.number().int().positive(),
      currency: z.enum(["EUR", "USD"]),
      email: z.email(),
      when: z.iso.datetime(),
    });
    const result = schema.safeParse(
      { name: "", code: "toolong", amount: -1.5, currency: "usd", email: "nope", when: "yesterday" },
      { error: humanErrorMap },
    );
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(6);
    for (const message of messages) {
      expect(isZodWording(message), message).toBe(false);
      expect(
        ZOD_WORDING.some((re) => re.test(message)),
        message,
      ).toBe(false);
    }
  });
});
