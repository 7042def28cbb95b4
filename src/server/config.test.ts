import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const tempDataDir = () => mkdtempSync(join(tmpdir(), "fanboost-config-"));

describe("loadConfig", () => {
  it("works on a bare environment with embedded defaults", () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    // The embedded set-up opens at localhost or at the loopback address alike.
    expect(config.trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toEqual({ kind: "none" });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("generates the embedded auth secret once and keeps it in DATA_DIR", () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(readFileSync(join(dataDir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ TRUST_PROXY: "sometimes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });

  it("requires AUTH_SECRET in production and does not write one", () => {
    const dataDir = tempDataDir();
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(/AUTH_SECRET is required/);
    expect(existsSync(join(dataDir, "auth-secret"))).toBe(false);
    const secret = "s".repeat(40);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, DATA_DIR: dataDir }).authSecret).toBe(secret);
  });

  it("parses TRUST_PROXY as a hop count or an address list", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "2" }).trustProxy).toEqual({ kind: "hops", hops: 2 });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual({
      kind: "cidrs",
      cidrs: ["10.0.0.0/8", "127.0.0.1"],
    });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "false" }).trustProxy).toEqual({ kind: "none" });
  });

  it("trims a trailing slash from PUBLIC_URL and lowercases ADMIN_EMAILS", () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: "https://fanboost.example/",
      ADMIN_EMAILS: " Ops@Example.com, boss@example.com ",
    });
    expect(config.publicUrl).toBe("https://fanboost.example");
    expect(config.trustedOrigins).toEqual(["https://fanboost.example"]);
    expect(config.adminEmails).toEqual(["ops@example.com", "boss@example.com"]);
  });

  it("runs payouts on Fridays unless PAYOUT_WEEKDAY names another day", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).payoutWeekday).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir, PAYOUT_WEEKDAY: " Monday " }).payoutWeekday).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYOUT_WEEKDAY: "someday" })).toThrow(/PAYOUT_WEEKDAY/);
  });

  it("keeps results under review for 48 hours unless REVIEW_HOURS says otherwise, fractions and 0 included", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).reviewHours).toBe(48);
    expect(loadConfig({ DATA_DIR: dataDir, REVIEW_HOURS: "0.5" }).reviewHours).toBe(0.5);
    expect(loadConfig({ DATA_DIR: dataDir, REVIEW_HOURS: "0" }).reviewHours).toBe(0);
    for (const bad of ["-1", "two", "721", "1e3"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, REVIEW_HOURS: bad })).toThrow(/REVIEW_HOURS/);
    }
  });

  it("marks a year's prizes for tax reporting from $2,000 unless PRIZE_REPORTING_THRESHOLD says otherwise", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).prizeReportingThresholdCents).toBe(2_000_00);
    expect(loadConfig({ DATA_DIR: dataDir, PRIZE_REPORTING_THRESHOLD: "600" }).prizeReportingThresholdCents).toBe(
      600_00,
    );
    for (const bad of ["-1", "2k", "600.50"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PRIZE_REPORTING_THRESHOLD: bad })).toThrow(
        /PRIZE_REPORTING_THRESHOLD.*expected whole US dollars, such as 2000/,
      );
    }
  });

  it("waits for an admin's approval of every result unless RESULT_APPROVAL is auto; tells no clicker its verdict", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).resultApproval).toBe("admin");
    expect(loadConfig({ DATA_DIR: dataDir, RESULT_APPROVAL: " Auto " }).resultApproval).toBe("auto");
    expect(loadConfig({ DATA_DIR: dataDir, RESULT_APPROVAL: "" }).resultApproval).toBe("admin");
    for (const bad of ["automatic", "none", "true"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, RESULT_APPROVAL: bad })).toThrow(
        /RESULT_APPROVAL.*expected admin or auto/,
      );
    }
    expect(loadConfig({ DATA_DIR: dataDir }).exposeClickVerdicts).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, EXPOSE_CLICK_VERDICTS: "true" }).exposeClickVerdicts).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, EXPOSE_CLICK_VERDICTS: "yes" })).toThrow(/EXPOSE_CLICK_VERDICTS/);
  });

  it("drains for DRAIN_DELAY_SECONDS (none by default) within SHUTDOWN_TIMEOUT_SECONDS (30 by default)", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ drainDelayMs: 0, shutdownTimeoutMs: 30_000 });
    expect(loadConfig({ DATA_DIR: dataDir, DRAIN_DELAY_SECONDS: "5", SHUTDOWN_TIMEOUT_SECONDS: "12.5" })).toMatchObject(
      { drainDelayMs: 5_000, shutdownTimeoutMs: 12_500 },
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, DRAIN_DELAY_SECONDS: "30" })).toThrow(/DRAIN_DELAY_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it("serves no metrics unless METRICS_PORT or METRICS_TOKEN is set", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ port: undefined, token: undefined });
    const token = "t".repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "9464", METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      token,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "3000" })).toThrow(/METRICS_PORT/);
  });

  it("sends webhooks to public addresses only, unless development opts in to local receivers", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).webhookLocalReceivers).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOK_LOCAL_RECEIVERS: "true" }).webhookLocalReceivers).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_LOCAL_RECEIVERS: "yes" })).toThrow(/WEBHOOK_LOCAL_RECEIVERS/);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        AUTH_SECRET: "s".repeat(40),
        DATA_DIR: dataDir,
        WEBHOOK_LOCAL_RECEIVERS: "true",
      }),
    ).toThrow(/WEBHOOK_LOCAL_RECEIVERS is for development only/);
  });
});
