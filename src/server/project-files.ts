import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder, the nearest one above this module that holds `package.json`. The server runs from its sources
 * (`npm run dev`, the in-process tests) or from its bundle in `dist/server` (`npm start`, ADR 048), so a path relative
 * to a module's own place would differ between the two; every file the server reads at run time (its migrations, the
 * network data, the built web app, its version) is named from here.
 */
function findProjectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "package.json"))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder;
}

export const projectRoot = findProjectRoot();

/** A file or folder of the project, by its path from the project's folder. */
export const projectPath = (...segments: string[]) => join(projectRoot, ...segments);
