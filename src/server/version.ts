import { readFileSync } from "node:fs";
import { projectPath } from "./project-files.js";

const packageJson = JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as {
  version: string;
};

export const appVersion: string = packageJson.version;
