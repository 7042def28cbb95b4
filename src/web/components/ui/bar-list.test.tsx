import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarList } from "./bar-list";

describe("bar list", () => {
  it("draws no bar for a zero value, a sliver for a small one and a full one for the largest", () => {
    const html = renderToStaticMarkup(
      <BarList
        label="Verdicts"
        items={[
          { key: "counted", label: "Counted", value: 1000 },
          { key: "bot", label: "Bot", value: 1 },
          { key: "self", label: "Own click", value: 0 },
        ]}
      />,
    );
    expect([...html.matchAll(/style="width:([^"]*)"/g)].map((match) => match[1])).toEqual(["100%", "2%", "0%"]);
  });
});
