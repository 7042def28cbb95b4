/**
 * `npm run lint` runs this: no campaign status, click verdict or flag type is spelled as a string literal outside
 * src/core, the migrations and the tests. Code names them through src/core/vocabulary.ts (`campaignStatus.active`,
 * `clickVerdict.counted`, `flagType.rate_limit`, or the lists), so a word is declared once. SQL inside template literals
 * keeps its literals (partial indexes need them); a test holds the schema's check constraints to the vocabulary.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { campaignStatuses, clickVerdicts, flagTypes } from "../src/core/vocabulary.js";

const root = new URL("..", import.meta.url).pathname;
const checked = ["src/server", "src/web", "scripts", "bench", "e2e", "cluster"];
// "other" (a flag type) is left out: it is everyday English, as in a payment's status.
const words = new Set<string>([...campaignStatuses, ...clickVerdicts, ...flagTypes.filter((type) => type !== "other")]);

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "migrations" && name !== "node_modules") yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(name) && !/\.(test|e2e|cluster)\.tsx?$/.test(name)) {
      yield path;
    }
  }
}

/**
 * The quoted string literals of a TypeScript source, with their lines and the code just before them: comments and
 * template literal text skipped.
 */
function stringLiterals(source: string): Array<{ line: number; text: string; after: string }> {
  const found: Array<{ line: number; text: string; after: string }> = [];
  // What each open brace belongs to: a template's `${`, or code.
  const stack: Array<"template" | "expression" | "brace"> = [];
  let index = 0;
  const lineAt = (at: number) => source.slice(0, at).split("\n").length;
  while (index < source.length) {
    const char = source[index] as string;
    if (stack.at(-1) === "template") {
      if (char === "\\") index += 2;
      else if (char === "`") {
        stack.pop();
        index++;
      } else if (source.startsWith("${", index)) {
        stack.push("expression");
        index += 2;
      } else index++;
      continue;
    }
    if (source.startsWith("//", index)) {
      const end = source.indexOf("\n", index);
      index = end === -1 ? source.length : end;
    } else if (source.startsWith("/*", index)) {
      const end = source.indexOf("*/", index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === '"' || char === "'") {
      let end = index + 1;
      let text = "";
      while (end < source.length && source[end] !== char) {
        if (source[end] === "\\") {
          text += source.slice(end, end + 2);
          end += 2;
        } else text += source[end++];
      }
      found.push({ line: lineAt(index), text, after: source.slice(Math.max(0, index - 20), index).trimEnd() });
      index = end + 1;
    } else if (char === "`") {
      stack.push("template");
      index++;
    } else if (char === "{") {
      stack.push("brace");
      index++;
    } else if (char === "}") {
      stack.pop();
      index++;
    } else index++;
  }
  return found;
}

const problems: string[] = [];
for (const dir of checked) {
  const path = join(root, dir);
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const file of sourceFiles(path)) {
    for (const { line, text, after } of stringLiterals(readFileSync(file, "utf8"))) {
      // A table's name is the database's word, not the domain's (Better Auth's table is `rate_limit`).
      if (words.has(text) && !after.endsWith("pgTable(")) problems.push(`${relative(root, file)}:${line}: "${text}"`);
    }
  }
}
if (problems.length > 0) {
  console.error(`Domain words spelled as literals (name them through src/core/vocabulary.ts):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("vocabulary: no campaign status, verdict or flag type literal outside src/core");
