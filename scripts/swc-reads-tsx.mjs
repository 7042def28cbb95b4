/**
 * Preloaded by `npm run lint` before dependency-cruiser: it parses with swc as TypeScript with fixed options that read no
 * JSX, so every .tsx file (the screens, the email layout) would fail to parse. This turns JSX on for .tsx files only, so
 * the areas' order and "the browser never imports the server" hold for them too.
 */
import { createRequire } from "node:module";

const swc = createRequire(import.meta.url)("@swc/core");
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) => parseFileSync(file, file.endsWith(".tsx") ? { ...options, tsx: true } : options);
