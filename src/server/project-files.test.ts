import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { projectPath, projectRoot } from "./project-files";

describe("the project's files", () => {
  it("are named from the folder that holds the project's package.json", () => {
    expect(projectRoot).toBe(new URL("../..", import.meta.url).pathname.replace(/\/$/, ""));
    expect(JSON.parse(readFileSync(projectPath("package.json"), "utf8")).name).toBe("fanboost");
  });

  it("include what the server reads at run time, wherever it runs from", () => {
    for (const path of [
      "src/server/db/migrations/meta/_journal.json",
      "src/server/fraud/network-data",
      "package.json",
    ]) {
      expect(existsSync(projectPath(path)), path).toBe(true);
    }
  });
});
