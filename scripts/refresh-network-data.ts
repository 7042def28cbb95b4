/**
 * Refreshes the data-centre and VPN lists the fraud engine ships (src/server/fraud/network-data/), from X4BNet's
 * kept public lists (https://github.com/X4BNet/lists_vpn, MIT): `npm run network-data:refresh` downloads the newest,
 * or `npm run network-data:refresh -- <path of a clone>` reads a clone's checked-out commit. Each file keeps its source,
 * commit and date in its leading comments; review the diff, run the tests, and commit it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const repository = "X4BNet/lists_vpn";
const lists = ["datacenter", "vpn"] as const;
const target = new URL("../src/server/fraud/network-data/", import.meta.url).pathname;

type Fetched = { commit: string; date: string; read: (list: (typeof lists)[number]) => Promise<string> };

function fromClone(path: string): Fetched {
  const git = (...args: string[]) => execFileSync("git", ["-C", path, ...args], { encoding: "utf8" }).trim();
  return {
    commit: git("log", "-1", "--format=%H"),
    date: git("log", "-1", "--format=%cs"),
    read: async (list) => readFileSync(join(path, "input", list, "ASN.txt"), "utf8"),
  };
}

async function fromGitHub(): Promise<Fetched> {
  const answer = await fetch(`https://api.github.com/repos/${repository}/commits/main`, {
    headers: { Accept: "application/vnd.github+json" },
  });
  if (!answer.ok) throw new Error(`GitHub answered ${answer.status} for ${repository}'s newest commit`);
  const head = (await answer.json()) as { sha: string; commit: { committer: { date: string } } };
  return {
    commit: head.sha,
    date: head.commit.committer.date.slice(0, 10),
    read: async (list) => {
      const file = await fetch(`https://raw.githubusercontent.com/${repository}/${head.sha}/input/${list}/ASN.txt`);
      if (!file.ok) throw new Error(`GitHub answered ${file.status} for the ${list} list`);
      return file.text();
    },
  };
}

const source = process.argv[2] ? fromClone(process.argv[2]) : await fromGitHub();
for (const list of lists) {
  const body = (await source.read(list)).trim();
  const entries = body.split("\n").filter((line) => /^AS\d+/.test(line.trim())).length;
  if (entries === 0) throw new Error(`The ${list} list has no AS numbers: not written`);
  const header = [
    `# ${repository} input/${list}/ASN.txt (https://github.com/${repository}), MIT License, Copyright (c) 2024 X4B (Mathew Heard).`,
    `# Commit ${source.commit} of ${source.date}. Refreshed by scripts/refresh-network-data.ts; read by fraud/network-classes.ts.`,
  ];
  writeFileSync(join(target, `${list}-asns.txt`), `${[...header, body].join("\n")}\n`);
  console.log(`${list}: ${entries} autonomous systems, commit ${source.commit.slice(0, 7)} of ${source.date}`);
}
